import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/fetch-mock';
import { receipt } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

describe('Receipt page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows who paid what for which period, the full breakdown, and prints', async () => {
    signIn();
    const api = mockApi({ 'GET /user/payments/:id/receipt': ok(receipt()) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderApp('/billing/31/receipt');

    const sheet = await screen.findByRole('article', { name: 'Receipt' });
    expect(api.calls('GET /user/payments/:id/receipt')[0]?.params).toEqual({ id: '31' });
    expect(within(sheet).getByText('Reeltime')).toBeInTheDocument();
    const facts = Object.fromEntries(
      within(sheet)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Receipt number': 'RT-2025-000031',
      'Date paid': '15 July 2025',
      'Billed to': 'Asha Rao (asha@example.com)',
      Plan: 'Standard',
      Period: '15 July 2025 to 15 August 2025',
      'Paid with': 'Visa •••• 4242',
      'Amount paid': '₹373.74',
    });
    const breakdown = within(sheet).getByRole('table', { name: 'Price breakdown' });
    expect(
      within(breakdown)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Price₹399.00',
      'Discount (10% off)-₹39.90',
      'Subtotal₹359.10',
      'GST (18%)₹64.64',
      'Unused days of Basic-₹50.00',
      'Total₹373.74',
    ]);

    await userEvent.click(within(sheet).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Billing history' })).toHaveAttribute('href', '/billing');
  });
});
