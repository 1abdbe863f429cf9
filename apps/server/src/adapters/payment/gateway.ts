/**
 * Takes payments for plans. The built-in test checkout and Stripe implement it; the rest of the
 * server never asks which one is live. Amounts are integer minor units (paise, cents).
 */
export interface PaymentGateway {
  readonly name: 'builtin' | 'stripe';
  /** Opens a checkout for `amountMinor` and returns its id and where the member pays. */
  createCheckout(input: {
    memberId: number;
    email: string;
    planId: number;
    planName: string;
    amountMinor: number;
    currency: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** Whether a checkout has been paid, asked of the gateway itself (never taken from a browser). */
  checkoutStatus(sessionId: string): Promise<'open' | 'paid' | 'expired'>;
}
