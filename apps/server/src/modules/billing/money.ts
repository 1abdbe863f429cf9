import type { PriceBreakdown } from '@reeltime/contract';

/**
 * Money inside the server is integer minor units (paise). Each line of a breakdown rounds half-up
 * to the minor unit, and total = subtotal + taxes - credit, so the payment details, the checkout
 * and the receipt, which all come from one Breakdown, agree to the paisa.
 */
export interface Breakdown {
  priceMinor: number;
  discountPercent: number;
  discountMinor: number;
  subtotalMinor: number;
  taxes: Array<{ name: string; percent: number; amountMinor: number }>;
  credit: { description: string; amountMinor: number } | null;
  totalMinor: number;
}

/** `percent` of an amount, rounded half-up to the minor unit, in integer arithmetic (percent to 1/100). */
export function percentOf(amountMinor: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  return Math.floor((amountMinor * hundredths + 5_000) / 10_000);
}

export function priceBreakdown(
  plan: { priceMinor: number; discountPercent: number },
  taxes: ReadonlyArray<{ name: string; percent: number }>,
  credit: { description: string; amountMinor: number } | null = null,
): Breakdown {
  const discountMinor = percentOf(plan.priceMinor, plan.discountPercent);
  const subtotalMinor = plan.priceMinor - discountMinor;
  const taxLines = taxes.map((tax) => ({
    name: tax.name,
    percent: tax.percent,
    amountMinor: percentOf(subtotalMinor, tax.percent),
  }));
  const beforeCredit = subtotalMinor + taxLines.reduce((sum, line) => sum + line.amountMinor, 0);
  const creditLine =
    credit && credit.amountMinor > 0
      ? { ...credit, amountMinor: Math.min(credit.amountMinor, beforeCredit) }
      : null;
  return {
    priceMinor: plan.priceMinor,
    discountPercent: plan.discountPercent,
    discountMinor,
    subtotalMinor,
    taxes: taxLines,
    credit: creditLine,
    totalMinor: beforeCredit - (creditLine?.amountMinor ?? 0),
  };
}

/** Minor units as the wire's major-unit number (two decimals). */
export const toMajor = (minor: number) => minor / 100;
/** A major-unit number from a client, in minor units. */
export const toMinor = (major: number) => Math.round(major * 100);

export function toPaymentDetails(planId: number, currency: string, breakdown: Breakdown): PriceBreakdown {
  return {
    plan_id: planId,
    currency,
    price: toMajor(breakdown.priceMinor),
    discount: breakdown.discountPercent > 0 ? `${breakdown.discountPercent}% off` : 'No discount',
    discount_amount: toMajor(breakdown.discountMinor),
    subtotal: toMajor(breakdown.subtotalMinor),
    tax_array: breakdown.taxes.map((tax) => ({
      name: tax.name,
      value: tax.percent,
      tax_amount: toMajor(tax.amountMinor),
    })),
    ...(breakdown.credit
      ? {
          credit: {
            description: breakdown.credit.description,
            amount: toMajor(breakdown.credit.amountMinor),
          },
        }
      : {}),
    total: toMajor(breakdown.totalMinor),
  };
}

/** "₹423.74" in the site currency, for mail and the checkout page. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(minor / 100);
}
