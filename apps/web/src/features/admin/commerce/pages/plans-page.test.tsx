import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AdminCommerceMessages as M,
  type AdminPlan,
  type AdminPlanList,
  type AdminTax,
} from '@reeltime/contract';
import { fail, ok } from '../../../../testing/fetch-mock';
import { mockAdminApi, type AdminHandlers } from '../../../../testing/admin-fetch-mock';
import { renderWithRouter } from '../../../../testing/render';
import { PlansAdminPage } from './plans-page';

/** {@link mockAdminApi} with `calls` for the console's routes. */
function mockAdmin(handlers: AdminHandlers) {
  const api = mockAdminApi(handlers);
  return { ...api, calls: api.adminCalls };
}

const plan = (fields: Partial<AdminPlan> = {}): AdminPlan => ({
  id: 2,
  name: 'Standard',
  description: null,
  price_minor: 39_900,
  discount_percent: 10,
  price_after_discount_minor: 35_910,
  currency: 'INR',
  duration: 'month',
  duration_value: 1,
  max_height: 1080,
  screens: 2,
  profiles: 4,
  has_ads: false,
  is_active: true,
  position: 2,
  limitations: [
    { limitation_title: 'Video quality', limitation_value: true, limit: 'Up to 1080p' },
    { limitation_title: 'Screens at the same time', limitation_value: true, limit: '2 screens' },
    { limitation_title: 'Ad-free', limitation_value: true, limit: 'No ads' },
  ],
  current_subscribers: 3,
  bought: true,
  stripe: null,
  ...fields,
});
const list = (plans: AdminPlan[], stripe = false): AdminPlanList => ({
  plans,
  currency: 'INR',
  stripe_configured: stripe,
});
const gst: AdminTax = { id: 5, name: 'GST', percent: 18, is_active: true };

describe('Plans and taxes page', () => {
  it('lists plans with their price after discount, what members see, members and status, and the tax lines', async () => {
    mockAdmin({
      'GET /admin/plans': ok(list([plan(), plan({ id: 3, name: 'Old', is_active: false, bought: false })])),
      'GET /admin/taxes': ok([gst]),
    });
    renderWithRouter(<PlansAdminPage />, { path: '/admin/plans' });

    const standard = (await screen.findByText('Standard')).closest('tr')!;
    expect(standard).toHaveTextContent('₹359.10');
    expect(standard).toHaveTextContent('₹399.00 − 10%');
    expect(standard).toHaveTextContent('every 1 month');
    expect(standard).toHaveTextContent('Up to 1080p2 screensNo ads');
    expect(within(standard).getByText('Active')).toBeInTheDocument();
    // Bought: it can be deactivated, never deleted.
    expect(within(standard).getByRole('button', { name: 'Delete Standard' })).toBeDisabled();
    const old = screen.getByText('Old').closest('tr')!;
    expect(within(old).getByText('Inactive')).toBeInTheDocument();
    expect(within(old).getByRole('button', { name: 'Activate Old' })).toBeEnabled();

    const tax = screen.getByText('GST').closest('tr')!;
    expect(tax).toHaveTextContent('18%');
    expect(screen.getAllByText(M.priceChangeNote).length).toBeGreaterThan(0);
    expect(screen.queryByRole('columnheader', { name: 'Stripe' })).not.toBeInTheDocument();
  });

  it('changes a price typed in rupees and the profiles per account, and sends only what changed, in paise', async () => {
    const api = mockAdmin({
      'GET /admin/plans': ok(list([plan()])),
      'GET /admin/taxes': ok([]),
      'PATCH /admin/plans/:id': ok(plan({ price_minor: 44_950 }), M.planSaved),
    });
    renderWithRouter(<PlansAdminPage />, { path: '/admin/plans' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Standard' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Standard' });
    const price = within(dialog).getByLabelText('Price (INR)');
    expect(price).toHaveValue('399.00');
    expect(dialog).toHaveTextContent(M.priceChangeNote);
    expect(dialog).toHaveTextContent('Members pay ₹359.10 before taxes.');
    await user.clear(price);
    await user.type(price, '449.50');
    expect(dialog).toHaveTextContent('Members pay ₹404.55 before taxes.');
    const profiles = within(dialog).getByLabelText('Profiles per account');
    expect(profiles).toHaveValue('4');
    await user.clear(profiles);
    await user.type(profiles, '21');
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText(M.profilesInvalid)).toBeInTheDocument();
    await user.clear(profiles);
    await user.type(profiles, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));

    expect(await screen.findByText(M.planSaved)).toBeInTheDocument();
    const [call] = api.calls('PATCH /admin/plans/:id');
    expect(call!.url.pathname).toBe('/api/v1/admin/plans/2');
    expect(call!.json()).toEqual({ price_minor: 44_950, profiles: 5 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks the editor before sending, and shows the server’s field errors next to the fields', async () => {
    const api = mockAdmin({
      'GET /admin/plans': ok(list([])),
      'GET /admin/taxes': ok([]),
      'POST /admin/plans': fail(422, M.planNameTaken, { name: [M.planNameTaken] }),
    });
    renderWithRouter(<PlansAdminPage />, { path: '/admin/plans' });
    const user = userEvent.setup();
    expect(await screen.findByText('No plans yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog', { name: 'New plan' });

    await user.type(within(dialog).getByLabelText('Price (INR)'), '-5');
    await user.clear(within(dialog).getByLabelText('Discount (%)'));
    await user.type(within(dialog).getByLabelText('Discount (%)'), '150');
    await user.clear(within(dialog).getByLabelText('Renews every'));
    await user.type(within(dialog).getByLabelText('Renews every'), '4');
    await user.selectOptions(within(dialog).getByLabelText('Period'), 'year');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText(M.nameRequired)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter the price in rupees with at most two decimals, such as 199 or 199.50'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(M.discountInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(M.durationValueInvalid)).toBeInTheDocument();
    expect(api.calls('POST /admin/plans')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Basic');
    await user.clear(within(dialog).getByLabelText('Price (INR)'));
    await user.type(within(dialog).getByLabelText('Price (INR)'), '149');
    await user.clear(within(dialog).getByLabelText('Discount (%)'));
    await user.type(within(dialog).getByLabelText('Discount (%)'), '0');
    await user.clear(within(dialog).getByLabelText('Renews every'));
    await user.type(within(dialog).getByLabelText('Renews every'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText(M.planNameTaken)).toBeInTheDocument();
    expect(api.calls('POST /admin/plans')[0]!.json()).toEqual({
      name: 'Basic',
      description: null,
      price_minor: 14_900,
      discount_percent: 0,
      duration: 'year',
      duration_value: 1,
      max_height: 1080,
      screens: 1,
      profiles: 1,
      has_ads: false,
      is_active: true,
      position: 0,
    });
  });

  it('asks before deactivating or deleting, and says when the server refuses', async () => {
    const api = mockAdmin({
      'GET /admin/plans': ok(list([plan({ bought: false })])),
      'GET /admin/taxes': ok([gst]),
      'PATCH /admin/plans/:id': ok(plan({ is_active: false })),
      'DELETE /admin/plans/:id': fail(409, M.planBought),
      'DELETE /admin/taxes/:id': ok(null, M.taxDeleted),
    });
    renderWithRouter(<PlansAdminPage />, { path: '/admin/plans' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Deactivate Standard' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate Standard?' });
    expect(confirm).toHaveTextContent('The 3 members on it keep it until it ends.');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Standard is inactive: members no longer see it.')).toBeInTheDocument();
    expect(api.calls('PATCH /admin/plans/:id')[0]!.json()).toEqual({ is_active: false });

    await user.click(screen.getByRole('button', { name: 'Delete Standard' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.planBought)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete GST' }));
    const cancel = within(screen.getByRole('alertdialog', { name: 'Delete the GST tax line?' })).getByRole(
      'button',
      {
        name: 'Cancel',
      },
    );
    await user.click(cancel);
    expect(api.calls('DELETE /admin/taxes/:id')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete GST' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.taxDeleted)).toBeInTheDocument();
    expect(api.calls('DELETE /admin/taxes/:id')[0]!.url.pathname).toBe('/api/v1/admin/taxes/5');
  });

  it('adds a tax line', async () => {
    const api = mockAdmin({
      'GET /admin/plans': ok(list([plan()])),
      'GET /admin/taxes': ok([]),
      'POST /admin/taxes': ok(gst, M.taxCreated, 201),
    });
    renderWithRouter(<PlansAdminPage />, { path: '/admin/plans' });
    const user = userEvent.setup();
    expect(await screen.findByText('No tax lines')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add tax line' }));
    const dialog = screen.getByRole('dialog', { name: 'New tax line' });
    await user.type(within(dialog).getByLabelText('Name'), 'GST');
    await user.type(within(dialog).getByLabelText('Percent'), '18.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add tax line' }));
    expect(await screen.findByText(M.taxCreated)).toBeInTheDocument();
    expect(api.calls('POST /admin/taxes')[0]!.json()).toEqual({
      name: 'GST',
      percent: 18.5,
      is_active: true,
    });
  });

  it('shows where each plan stands at Stripe', async () => {
    mockAdmin({
      'GET /admin/plans': ok(
        list(
          [
            plan({
              stripe: {
                product_id: 'prod_1',
                price_id: 'price_1',
                synced_at: 1,
                in_sync: true,
                last_error: null,
              },
            }),
            plan({
              id: 3,
              name: 'Premium',
              stripe: {
                product_id: 'prod_2',
                price_id: 'price_2',
                synced_at: 1,
                in_sync: false,
                last_error: 'Invalid API Key provided',
              },
            }),
          ],
          true,
        ),
      ),
      'GET /admin/taxes': ok([]),
    });
    renderWithRouter(<PlansAdminPage />, { path: '/admin/plans' });
    const standard = (await screen.findByText('Standard')).closest('tr')!;
    expect(standard).toHaveTextContent('In step');
    expect(standard).toHaveTextContent('price_1');
    expect(screen.getByText('Premium').closest('tr')).toHaveTextContent(
      'Sync failed: Invalid API Key provided',
    );
  });

  it('says when the plans cannot be loaded', async () => {
    mockAdmin({
      'GET /admin/plans': fail(500, 'Something went wrong.'),
      'GET /admin/taxes': ok([]),
    });
    renderWithRouter(<PlansAdminPage />, { path: '/admin/plans' });
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
  });
});
