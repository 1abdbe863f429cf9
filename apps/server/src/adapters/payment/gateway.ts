/**
 * Takes payments for plans. The built-in test checkout and Stripe implement it; the rest of the
 * server never asks which one is live. Amounts are integer minor units (paise, cents).
 */
export interface PaymentGateway {
  readonly name: 'builtin' | 'stripe';
  /** Opens a checkout for `amountMinor` and returns its id, where the member pays, and when it expires. */
  createCheckout(input: {
    memberId: number;
    email: string;
    /** Our own id of the checkout, kept with the gateway's session. */
    checkoutRef: string;
    planId: number;
    planName: string;
    amountMinor: number;
    currency: string;
    interval: { unit: 'month' | 'year'; count: number };
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ sessionId: string; url: string; expiresAt: number }>;
  /** Whether a checkout has been paid, asked of the gateway itself (never taken from a browser). */
  checkoutStatus(sessionId: string): Promise<CheckoutStatus>;
  /** Stops a gateway subscription from renewing; it stays paid until its period ends. */
  cancelAtPeriodEnd(gatewaySubscriptionId: string): Promise<void>;
}

export interface CheckoutStatus {
  state: 'open' | 'paid' | 'expired';
  /** What a paid checkout started at a gateway that renews by itself (Stripe). */
  recurring?: RecurringPayment;
}

export interface RecurringPayment {
  gatewaySubscriptionId: string;
  /** The gateway's first invoice, paid by the checkout. */
  invoiceId: string | null;
  /** End of the paid period, epoch ms: the subscription's end. */
  periodEnd: number;
}
