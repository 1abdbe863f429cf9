/** Card checks of the built-in test checkout. It never stores a card number: brand and last four only. */

export const TestCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const CardMessages = {
  numberInvalid: 'Enter a valid card number.',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  expiryPast: 'This card has expired.',
  cvcInvalid: 'Enter the 3 or 4 digit security code.',
  nameRequired: 'Enter the name on the card.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notATestCard: 'This test checkout takes only the test cards listed on this page.',
} as const;

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}
export type CardErrors = Partial<Record<keyof CardForm, string>>;

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(60|65|81|82|508)/.test(digits)) return 'RuPay';
  return 'Card';
}

/** Field errors of a card form, in the order a person reads them; empty when it can be charged. */
export function checkCard(form: CardForm, now = new Date()): { digits: string; errors: CardErrors } {
  const errors: CardErrors = {};
  const digits = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.number = CardMessages.numberInvalid;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) {
    errors.expiry = CardMessages.expiryInvalid;
  } else {
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // A card is good through the last day of its expiry month.
    if (Date.UTC(year, Number(expiry[1]), 1) <= now.getTime()) errors.expiry = CardMessages.expiryPast;
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = CardMessages.cvcInvalid;
  const name = form.name.trim();
  if (name.length < 1 || name.length > 100) errors.name = CardMessages.nameRequired;
  return { digits, errors };
}

/** What the test card network answers for a valid card: approved, or why not. */
export function chargeTestCard(digits: string): { approved: true } | { approved: false; message: string } {
  if (digits === TestCards.success) return { approved: true };
  if (digits === TestCards.declined) return { approved: false, message: CardMessages.declined };
  if (digits === TestCards.insufficientFunds)
    return { approved: false, message: CardMessages.insufficientFunds };
  return { approved: false, message: CardMessages.notATestCard };
}
