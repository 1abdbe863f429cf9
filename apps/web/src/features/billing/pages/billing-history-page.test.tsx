import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Messages } from '@reeltime/contract';
import { mockApi, ok } from '../../../testing/fetch-mock';
import { payment } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

describe('Billing history page', () => {
  it('lists each payment with date, plan, amount, card and a receipt link', async () => {
    signIn();
    mockApi({
      'GET /user/payments': ok([
        payment(),
        payment({
          id: 30,
          plan_name: 'Basic',
          amount: 175.82,
          paid_at: '2025-06-15T12:00:00.000Z',
          card_brand: null,
          card_last4: null,
        }),
      ]),
    });
    renderApp('/billing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Billing history' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your payments, newest first' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Plan', 'Amount', 'Card', 'Receipt']);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['15 July 2025', 'Standard', '₹423.74', 'Visa •••• 4242', 'Receipt'],
      ['15 June 2025', 'Basic', '₹175.82', '–', 'Receipt'],
    ]);
    expect(screen.getByRole('link', { name: 'Receipt for Standard, 15 July 2025' })).toHaveAttribute(
      'href',
      '/billing/31/receipt',
    );
  });

  it('says there are no payments yet', async () => {
    signIn();
    mockApi({ 'GET /user/payments': ok([]) });
    renderApp('/billing');
    expect(await screen.findByText(Messages.noPayments)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
