import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages, ServerMessages, type PaymentDetails } from '@reeltime/contract';
import { fail, mockApi, ok, type Handlers } from '../../../testing/fetch-mock';
import { paymentDetails, plans, subscription } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const CHECKOUT_URL = 'http://localhost:3000/checkout/cs_test_1';

function renderPaymentDetails(details: PaymentDetails, handlers: Handlers = {}) {
  signIn();
  const api = mockApi({
    'POST /user/get-payment-details': ok(details),
    'GET /user/plans': ok(plans),
    'GET /user/subscription-plan': ok({ activeSubscriptions: [] }),
    'POST /user/payment-success': fail(402, ServerMessages.paymentNotCompleted),
    ...handlers,
  });
  return { api, ...renderApp('/get-payment-detail/2') };
}

const breakdown = () => screen.getByRole('table', { name: 'Price breakdown' });
const lines = () =>
  within(breakdown())
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('Payment details page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows every line of the price: discount, subtotal, each tax, a credit and the total', async () => {
    const { api } = renderPaymentDetails(
      paymentDetails({
        tax_array: [
          { name: 'CGST', value: 9, tax_amount: 32.32 },
          { name: 'SGST', value: 9, tax_amount: 32.32 },
        ],
        credit: { description: 'Unused days of Basic', amount: 50 },
        total: 373.74,
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Details' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Price breakdown' });
    expect(lines()).toEqual([
      'Price₹399.00',
      'Discount (10% off)-₹39.90',
      'Subtotal₹359.10',
      'CGST (9%)₹32.32',
      'SGST (9%)₹32.32',
      'Unused days of Basic-₹50.00',
      'Total₹373.74',
    ]);
    expect(await screen.findByText('Standard plan')).toBeInTheDocument();
    expect(api.calls('POST /user/get-payment-details')[0]?.url.searchParams.get('plan_id')).toBe('2');
  });

  it('shows no credit line when there is none', async () => {
    renderPaymentDetails(paymentDetails());
    await screen.findByRole('table', { name: 'Price breakdown' });
    expect(lines()).toEqual([
      'Price₹399.00',
      'Discount (10% off)-₹39.90',
      'Subtotal₹359.10',
      'GST (18%)₹64.64',
      'Total₹423.74',
    ]);
  });

  it('names a plan without a discount as such', async () => {
    renderPaymentDetails(
      paymentDetails({
        price: 149,
        discount: 'No discount',
        discount_amount: 0,
        subtotal: 149,
        tax_array: [{ name: 'GST', value: 18, tax_amount: 26.82 }],
        total: 175.82,
      }),
    );
    await screen.findByRole('table', { name: 'Price breakdown' });
    expect(lines().slice(0, 2)).toEqual(['Price₹149.00', 'DiscountNo discount']);
  });

  it('Proceed Payment starts the checkout for the total and opens it in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { api } = renderPaymentDetails(paymentDetails(), {
      'POST /user/process-payment': ok({ redirect_url: CHECKOUT_URL, session_id: 'cs_test_1' }),
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Proceed Payment' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith(CHECKOUT_URL, '_blank', 'noopener'));
    expect(api.calls('POST /user/process-payment').map((call) => call.json())).toEqual([
      { plan_id: 2, payment_method: 'stripe', price: 423.74 },
    ]);
    // Should the browser have blocked the tab, the checkout is one link away.
    const link = screen.getByRole('link', { name: 'Open the checkout' });
    expect(link).toHaveAttribute('href', CHECKOUT_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('reloads the details and says why when the price changed (409)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { api } = renderPaymentDetails(paymentDetails(), {
      'POST /user/process-payment': fail(409, ServerMessages.priceChanged),
    });
    const user = userEvent.setup();
    const proceed = await screen.findByRole('button', { name: 'Proceed Payment' });
    api.set('POST /user/get-payment-details', ok(paymentDetails({ price: 449, total: 476.82 })));
    await user.click(proceed);

    expect(await screen.findByText(ServerMessages.priceChanged)).toBeInTheDocument();
    await waitFor(() => expect(lines().at(-1)).toBe('Total₹476.82'));
    expect(lines()[0]).toBe('Price₹449.00');
    expect(api.calls('POST /user/get-payment-details')).toHaveLength(2);
    expect(open).not.toHaveBeenCalled();
  });

  it('says No Payment Details Available when the details cannot be loaded', async () => {
    renderPaymentDetails(paymentDetails(), {
      'POST /user/get-payment-details': fail(404, ServerMessages.planNotFound),
    });
    expect(await screen.findByText(Messages.noPaymentDetails)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed Payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/plans');
  });

  it('only logs a checkout without an address', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPaymentDetails(paymentDetails(), {
      'POST /user/process-payment': ok({ redirect_url: '', session_id: 'cs_test_2' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed Payment' }));

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Open the checkout' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed Payment' })).toBeEnabled();
  });

  it('says what paying does: a new plan, an extension, an upgrade or a downgrade, with the new end date', async () => {
    renderPaymentDetails(paymentDetails({ change: 'upgrade', new_end_date: '2026-12-26' }), {
      'GET /user/subscription-plan': ok({
        activeSubscriptions: [subscription({ plan_id: 1, name: 'Basic' })],
      }),
    });
    expect(
      await screen.findByText(
        'Upgrade from Basic, starting today, with credit for its unused days. New end date: 26 December 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('labels the current plan as an extension by one period', async () => {
    renderPaymentDetails(paymentDetails({ change: 'extend', new_end_date: '2027-01-25' }));
    expect(
      await screen.findByText('Extends Standard by one period: it will run until 25 January 2027.'),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the plan cannot be bought (already yours)", async () => {
    const reason = ServerMessages.planRenewsAutomatically('Standard', '2026-12-25');
    renderPaymentDetails(paymentDetails(), { 'POST /user/get-payment-details': fail(409, reason) });
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByRole('button', { name: 'Proceed Payment' })).not.toBeInTheDocument();
  });

  it('follows the checkout paid in the other tab and moves on to the confirmation', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { api } = renderPaymentDetails(paymentDetails(), {
      'POST /user/process-payment': ok({ redirect_url: CHECKOUT_URL, session_id: 'cs_test_1' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed Payment' }));
    await waitFor(() => expect(api.calls('POST /user/payment-success').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Proceed Payment' })).toBeInTheDocument();

    api.set('POST /user/payment-success', ok({ subscription: subscription({ end_date: '2027-01-25' }) }));
    focusManager.setFocused(false);
    focusManager.setFocused(true);

    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed Payment' })).not.toBeInTheDocument();
    expect(api.calls('POST /user/payment-success').at(-1)?.json()).toEqual({
      session_id: 'cs_test_1',
      gateway: 'stripe',
    });
    focusManager.setFocused(undefined);
  });
});
