import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminLibraryMessages as M, type AdminBanner } from '@reeltime/contract';
import { mockAdminApi } from '../../../../testing/admin-fetch-mock';
import { ok } from '../../../../testing/fetch-mock';
import { pngFile } from '../../../../testing/image-files';
import { renderWithRouter } from '../../../../testing/render';
import { BannersPage } from './banners-page';

const banner = (fields: Partial<AdminBanner>): AdminBanner => ({
  id: 1,
  title_id: 10,
  title_name: 'First Light',
  title_published: true,
  poster_url: '/media/uploads/banners/a.webp',
  position: 0,
  is_active: true,
  ...fields,
});
const banners = [
  banner({}),
  banner({ id: 2, title_id: 11, title_name: 'Second Wind', position: 1, is_active: false }),
  banner({ id: 3, title_id: 12, title_name: 'Not Yet Out', position: 2, title_published: false }),
];

describe('Banners page', () => {
  it('lists banners in order with whether members see them', async () => {
    mockAdminApi({ 'GET /admin/banners': ok(banners) });
    renderWithRouter(<BannersPage />);
    await screen.findByText('Second Wind');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'First Light',
      'Second Wind',
      'Not Yet Out',
    ]);
    expect(rows[1]).toHaveTextContent('Inactive');
    expect(rows[2]).toHaveTextContent('Title not published');
    expect(within(rows[0]!).getByRole('button', { name: 'Move First Light up' })).toBeDisabled();
    expect(within(rows[2]!).getByRole('button', { name: 'Move Not Yet Out down' })).toBeDisabled();
  });

  it('moves a banner with the keyboard-operable buttons and saves the new order', async () => {
    const api = mockAdminApi({
      'GET /admin/banners': ok(banners),
      'PUT /admin/banners/order': ok([], M.bannersReordered),
    });
    renderWithRouter(<BannersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Second Wind up' }));
    expect(await screen.findByText('Banner order saved.')).toBeInTheDocument();
    expect(api.adminCalls('PUT /admin/banners/order')[0]!.json()).toEqual({ ids: [2, 1, 3] });
  });

  it('adds a banner only with a title and art, sending them as a form', async () => {
    const api = mockAdminApi({
      'GET /admin/banners': ok([]),
      'GET /admin/banners/title-choices': ok([
        { id: 20, name: 'Zebra Crossing', type: 'movie', is_published: false },
        { id: 21, name: 'Harbour Lights', type: 'tvshow', is_published: true },
      ]),
      'POST /admin/banners': ok(
        banner({ id: 9, title_id: 21, title_name: 'Harbour Lights' }),
        M.bannerCreated,
        201,
      ),
    });
    renderWithRouter(<BannersPage />);
    expect(await screen.findByText('No banners yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New banner' }));
    const dialog = screen.getByRole('dialog', { name: 'New banner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add banner' }));
    expect(within(dialog).getByText(M.bannerTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.bannerArtRequired)).toBeInTheDocument();
    expect(api.adminCalls('POST /admin/banners')).toHaveLength(0);

    await userEvent.type(within(dialog).getByPlaceholderText('Search titles by name'), 'har');
    await waitFor(() =>
      expect(api.adminCalls('GET /admin/banners/title-choices').at(-1)!.url.searchParams.get('search')).toBe(
        'har',
      ),
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: /Harbour Lights/ }));
    await userEvent.upload(within(dialog).getByLabelText('Banner art'), pngFile('art.png'));
    await userEvent.click(within(dialog).getByLabelText(/Active/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add banner' }));

    expect(await screen.findByText('Banner for “Harbour Lights” created.')).toBeInTheDocument();
    const sent = api.adminCalls('POST /admin/banners')[0]!.body as FormData;
    expect(sent.get('title_id')).toBe('21');
    expect(sent.get('is_active')).toBe('false');
    expect((sent.get('art') as File).name).toBe('art.png');
  });

  it('deletes a banner after asking', async () => {
    const api = mockAdminApi({
      'GET /admin/banners': ok(banners),
      'DELETE /admin/banners/:id': ok(null, M.bannerDeleted),
    });
    renderWithRouter(<BannersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the banner for Second Wind' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete banner' }),
    );
    expect(await screen.findByText('Banner for “Second Wind” deleted.')).toBeInTheDocument();
    expect(api.adminCalls('DELETE /admin/banners/:id')[0]!.url.pathname).toMatch(/\/admin\/banners\/2$/);
  });
});
