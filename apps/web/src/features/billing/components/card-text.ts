import type { Payment } from '@reeltime/contract';

/** The card a payment was made with, as `Visa •••• 4242`; a dash when the gateway gave none. */
export function cardText({ card_brand: brand, card_last4: last4 }: Payment): string {
  if (!brand && !last4) return '–';
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
  return last4 ? `${name} •••• ${last4}` : name;
}
