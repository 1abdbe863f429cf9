import { describe, expect, it } from 'vitest';
import { formatMoney, percentOf, priceBreakdown, toMinor, toPaymentDetails } from './money';

const GST = [{ name: 'GST', percent: 18 }];

describe('money', () => {
  it.each([
    // price, discount %, taxes, credit -> discount, subtotal, tax lines, total (all in paise)
    { price: 14_900, discount: 0, taxes: GST, credit: 0, expected: [0, 14_900, [2_682], 17_582] },
    { price: 39_900, discount: 10, taxes: GST, credit: 0, expected: [3_990, 35_910, [6_464], 42_374] },
    { price: 64_900, discount: 0, taxes: GST, credit: 0, expected: [0, 64_900, [11_682], 76_582] },
    // half a paisa rounds up, on the discount and on the tax
    { price: 5, discount: 10, taxes: [{ name: 'T', percent: 10 }], credit: 0, expected: [1, 4, [0], 4] },
    {
      price: 105,
      discount: 10,
      taxes: [{ name: 'T', percent: 10 }],
      credit: 0,
      expected: [11, 94, [9], 103],
    },
    { price: 25, discount: 0, taxes: [{ name: 'T', percent: 10 }], credit: 0, expected: [0, 25, [3], 28] },
    // two tax lines, each rounded on its own
    {
      price: 10_001,
      discount: 0,
      taxes: [
        { name: 'CGST', percent: 9 },
        { name: 'SGST', percent: 9 },
      ],
      credit: 0,
      expected: [0, 10_001, [900, 900], 11_801],
    },
    // fractional percents
    {
      price: 9_999,
      discount: 12.5,
      taxes: [{ name: 'VAT', percent: 7.25 }],
      credit: 0,
      expected: [1_250, 8_749, [634], 9_383],
    },
    // no tax configured
    { price: 14_900, discount: 0, taxes: [], credit: 0, expected: [0, 14_900, [], 14_900] },
    // credit for unused days, never below zero
    { price: 39_900, discount: 10, taxes: GST, credit: 10_000, expected: [3_990, 35_910, [6_464], 32_374] },
    { price: 14_900, discount: 0, taxes: GST, credit: 50_000, expected: [0, 14_900, [2_682], 0] },
  ])('$price paise, $discount% off, credit $credit', ({ price, discount, taxes, credit, expected }) => {
    const breakdown = priceBreakdown(
      { priceMinor: price, discountPercent: discount },
      taxes,
      credit ? { description: 'Credit', amountMinor: credit } : null,
    );
    const [discountMinor, subtotal, taxLines, total] = expected as [number, number, number[], number];
    expect(breakdown.discountMinor).toBe(discountMinor);
    expect(breakdown.subtotalMinor).toBe(subtotal);
    expect(breakdown.taxes.map((line) => line.amountMinor)).toEqual(taxLines);
    expect(breakdown.totalMinor).toBe(total);
    // the invariant every page relies on
    expect(breakdown.totalMinor).toBe(
      Math.max(
        0,
        breakdown.subtotalMinor + taxLines.reduce((a, b) => a + b, 0) - (breakdown.credit?.amountMinor ?? 0),
      ),
    );
  });

  it('rounds half-up in integers, free of floating-point drift', () => {
    expect(percentOf(1_005, 50)).toBe(503);
    expect(percentOf(35_910, 18)).toBe(6_464);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(3, 50)).toBe(2);
    expect(toMinor(423.74)).toBe(42_374);
    expect(toMinor(0.29)).toBe(29);
  });

  it('writes the wire form in major units, with the discount label and the credit line', () => {
    const breakdown = priceBreakdown({ priceMinor: 39_900, discountPercent: 10 }, GST, {
      description: 'Credit for 12 unused days of Basic',
      amountMinor: 5_000,
    });
    expect(toPaymentDetails(2, 'INR', breakdown)).toEqual({
      plan_id: 2,
      currency: 'INR',
      price: 399,
      discount: '10% off',
      discount_amount: 39.9,
      subtotal: 359.1,
      tax_array: [{ name: 'GST', value: 18, tax_amount: 64.64 }],
      credit: { description: 'Credit for 12 unused days of Basic', amount: 50 },
      total: 373.74,
    });
    expect(formatMoney(42_374, 'INR')).toBe('₹423.74');
  });
});
