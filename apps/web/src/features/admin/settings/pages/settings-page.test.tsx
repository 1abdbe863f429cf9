import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminSettingsMessages, DEFAULT_CONTENT_RATING_SCALE, type SiteSettings } from '@reeltime/contract';
import { fail, ok } from '../../../../testing/fetch-mock';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { SettingsPage } from './settings-page';

const stored: SiteSettings = {
  site_name: 'Reeltime',
  signups_open: true,
  ad_slot_url: '',
  support_email: '',
  content_rating_scale: [...DEFAULT_CONTENT_RATING_SCALE],
  updated_at: null,
};

/** The labels of the scale as the editor lists them. */
const scaleShown = () =>
  screen.getAllByRole('listitem').map((item) => item.querySelector('.rating-scale__label')?.textContent);

describe('Settings page', () => {
  it('saves the site name and an https ad slot, and toasts the server’s message', async () => {
    const api = mockAdminApi({
      'GET /admin/settings': ok(stored),
      'PUT /admin/settings': (request) =>
        ok(
          { ...(request.json() as SiteSettings), updated_at: '2025-03-01T10:00:00.000Z' },
          AdminSettingsMessages.settingsSaved,
        ),
    });
    renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Site name');
    expect(name).toHaveValue('Reeltime');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Night Owl');
    await user.type(screen.getByLabelText('Ad slot address'), 'https://ads.example.com/slot');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(AdminSettingsMessages.settingsSaved)).toBeInTheDocument();
    expect(api.adminCalls('PUT /admin/settings')[0]!.json()).toEqual({
      site_name: 'Night Owl',
      signups_open: true,
      ad_slot_url: 'https://ads.example.com/slot',
      support_email: '',
      content_rating_scale: ['U', 'U/A 7+', 'U/A 13+', 'U/A 16+', 'A'],
    });
  });

  it('reorders, removes and adds ratings on the scale, and saves the new order', async () => {
    const api = mockAdminApi({
      'GET /admin/settings': ok(stored),
      'PUT /admin/settings': (request) =>
        ok(
          { ...(request.json() as SiteSettings), updated_at: '2025-03-01T10:00:00.000Z' },
          AdminSettingsMessages.settingsSaved,
        ),
    });
    renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();

    await screen.findByRole('list', { name: 'Ratings, mildest first' });
    expect(scaleShown()).toEqual(['U', 'U/A 7+', 'U/A 13+', 'U/A 16+', 'A']);
    expect(screen.getByRole('button', { name: 'Move U up (milder)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move A down (stricter)' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move U/A 16+ up (milder)' }));
    await user.click(screen.getByRole('button', { name: 'Remove U/A 7+' }));
    await user.type(screen.getByLabelText('New rating label'), ' U/A 18+ {Enter}');
    expect(scaleShown()).toEqual(['U', 'U/A 16+', 'U/A 13+', 'A', 'U/A 18+']);

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.adminCalls('PUT /admin/settings')).toHaveLength(1));
    expect(api.adminCalls('PUT /admin/settings')[0]!.json()).toMatchObject({
      content_rating_scale: ['U', 'U/A 16+', 'U/A 13+', 'A', 'U/A 18+'],
    });
  });

  it('refuses a rating already on the scale, an empty one, and removing the last one', async () => {
    mockAdminApi({ 'GET /admin/settings': ok({ ...stored, content_rating_scale: ['U', 'A'] }) });
    renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();

    const input = await screen.findByLabelText('New rating label');
    await user.type(input, 'u');
    await user.click(screen.getByRole('button', { name: 'Add rating' }));
    expect(await screen.findByText(AdminSettingsMessages.ratingLabelRepeated('u'))).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Add rating' }));
    expect(await screen.findByText(AdminSettingsMessages.ratingLabelRequired)).toBeInTheDocument();
    expect(scaleShown()).toEqual(['U', 'A']);

    await user.click(screen.getByRole('button', { name: 'Remove A' }));
    expect(screen.getByRole('button', { name: 'Remove U' })).toBeDisabled();
    expect(scaleShown()).toEqual(['U']);
  });

  it('saves a support address, and refuses one that is not an email with the contract’s message', async () => {
    const api = mockAdminApi({
      'GET /admin/settings': ok(stored),
      'PUT /admin/settings': (request) =>
        ok({ ...(request.json() as SiteSettings), updated_at: '2025-03-01T10:00:00.000Z' }),
    });
    renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();

    const address = await screen.findByLabelText('Support address');
    await user.type(address, 'help at example.com');
    await user.tab();
    expect(await screen.findByText(AdminSettingsMessages.supportEmailInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await user.clear(address);
    await user.type(address, 'help@example.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.adminCalls('PUT /admin/settings')).toHaveLength(1));
    expect(api.adminCalls('PUT /admin/settings')[0]!.json()).toMatchObject({
      support_email: 'help@example.com',
    });
  });

  it('refuses an http ad slot before sending, with the contract’s message', async () => {
    const api = mockAdminApi({ 'GET /admin/settings': ok(stored) });
    renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    const slot = await screen.findByLabelText('Ad slot address');
    await user.type(slot, 'http://ads.example.com');
    await user.tab();
    expect(await screen.findByText(AdminSettingsMessages.adSlotUrlInvalid)).toBeInTheDocument();
    expect(slot).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(api.adminCalls('PUT /admin/settings')).toHaveLength(0);
  });

  it('asks before closing sign-ups; cancelling sends nothing, confirming saves', async () => {
    const api = mockAdminApi({
      'GET /admin/settings': ok(stored),
      'PUT /admin/settings': (request) =>
        ok(
          { ...(request.json() as SiteSettings), updated_at: '2025-03-01T10:00:00.000Z' },
          AdminSettingsMessages.settingsSaved,
        ),
    });
    renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Sign-ups open' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Close sign-ups?' });
    expect(dialog).toHaveTextContent('Members who already have an account can still sign in.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.adminCalls('PUT /admin/settings')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await user.click(await screen.findByRole('button', { name: 'Close sign-ups' }));
    await waitFor(() => expect(api.adminCalls('PUT /admin/settings')).toHaveLength(1));
    expect(api.adminCalls('PUT /admin/settings')[0]!.json()).toMatchObject({ signups_open: false });
    expect(await screen.findByText(AdminSettingsMessages.settingsSaved)).toBeInTheDocument();
  });

  it('puts the server’s field errors next to their inputs', async () => {
    mockAdminApi({
      'GET /admin/settings': ok(stored),
      'PUT /admin/settings': fail(422, 'The given data was invalid.', {
        site_name: [AdminSettingsMessages.siteNameTooLong],
        content_rating_scale: [AdminSettingsMessages.ratingScaleTooLong],
      }),
    });
    renderWithRouter(<SettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Site name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(AdminSettingsMessages.siteNameTooLong)).toBeInTheDocument();
    expect(screen.getByText(AdminSettingsMessages.ratingScaleTooLong)).toBeInTheDocument();
    expect(screen.getByText('The given data was invalid.')).toBeInTheDocument();
  });
});
