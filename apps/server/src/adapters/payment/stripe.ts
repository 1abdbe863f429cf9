import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../../db/connection';
import { createBillingRepository } from '../../modules/billing/billing.repository';
import type { CheckoutStatus, PaymentGateway } from './gateway';

/** The Stripe API version this code is written against; the SDK is pinned to match. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (a fake one in tests); Stripe's own when undefined. */
  apiUrl: string | undefined;
}

/** What the webhook needs of an event once its signature is checked. */
export interface StripeEventSummary {
  id: string;
  type: string;
  /** The id of the object the event is about (a session, an invoice, a subscription). */
  objectId: string;
}

export interface StripeSubscriptionState {
  id: string;
  status: Stripe.Subscription.Status;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  /** Our checkout's reference, from the subscription's metadata. */
  checkoutRef: string | null;
}

export interface StripeInvoiceState {
  id: string;
  subscriptionId: string | null;
  billingReason: string | null;
  paid: boolean;
  amountPaid: number;
  paidAt: number | null;
  /** End of the period the invoice pays for (its lines' latest end). */
  periodEnd: number | null;
}

/** The Stripe gateway, with what its webhook and reconciliation read beyond the common interface. */
export interface StripeGateway extends PaymentGateway {
  readonly name: 'stripe';
  /** The event when the signature matches this body and is recent; null otherwise. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): StripeEventSummary | null;
  subscription(id: string): Promise<StripeSubscriptionState>;
  invoice(id: string): Promise<StripeInvoiceState>;
}

export const isStripeGateway = (gateway: PaymentGateway): gateway is StripeGateway =>
  gateway.name === 'stripe';

const seconds = (epochSeconds: number) => epochSeconds * 1000;
const emailKey = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 16);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function clientOf(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/**
 * Stripe Checkout in subscription mode: one Stripe customer per member (kept in stripe_customers),
 * a session per checkout for the server's own total, renewed by Stripe.
 */
export function createStripeGateway(settings: StripeSettings, db: Db): StripeGateway {
  const stripe = clientOf(settings);

  const billing = createBillingRepository(db);

  /**
   * The member's customer, created once. The idempotency key makes two first checkouts share one;
   * it names the email too, since Stripe refuses a key sent again with other parameters.
   */
  async function customerOf(memberId: number, email: string): Promise<string> {
    const saved = await billing.stripeCustomerOf(memberId);
    if (saved) {
      const customer = await stripe.customers.retrieve(saved);
      if (!('deleted' in customer && customer.deleted)) return customer.id;
    }
    const created = await stripe.customers.create(
      { email, metadata: { member_id: String(memberId) } },
      {
        idempotencyKey: `customer:${memberId}:${emailKey(email)}:${saved ?? 'first'}`,
      },
    );
    await billing.saveStripeCustomer(memberId, created.id);
    return created.id;
  }

  async function subscription(id: string): Promise<StripeSubscriptionState> {
    const sub = await stripe.subscriptions.retrieve(id);
    const item = sub.items.data[0];
    return {
      id: sub.id,
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      periodStart: seconds(item?.current_period_start ?? sub.start_date),
      periodEnd: seconds(item?.current_period_end ?? sub.start_date),
      checkoutRef: sub.metadata.checkout_ref ?? null,
    };
  }

  return {
    name: 'stripe',

    async createCheckout(input) {
      const customer = await customerOf(input.memberId, input.email);
      const metadata = {
        member_id: String(input.memberId),
        plan_id: String(input.planId),
        checkout_ref: input.checkoutRef,
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          client_reference_id: input.checkoutRef,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                recurring: { interval: input.interval.unit, interval_count: input.interval.count },
                product_data: { name: input.planName },
              },
            },
          ],
          metadata,
          subscription_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} has no URL`);
      return { sessionId: session.id, url: session.url, expiresAt: seconds(session.expires_at) };
    },

    async checkoutStatus(sessionId): Promise<CheckoutStatus> {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'expired') return { state: 'expired' };
      const paid =
        session.status === 'complete' &&
        (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
      const subscriptionId = idOf(session.subscription);
      if (!paid || !subscriptionId) return { state: 'open' };
      const sub = await subscription(subscriptionId);
      return {
        state: 'paid',
        recurring: {
          gatewaySubscriptionId: sub.id,
          invoiceId: idOf(session.invoice),
          periodEnd: sub.periodEnd,
        },
      };
    },

    async cancelAtPeriodEnd(gatewaySubscriptionId) {
      await stripe.subscriptions.update(gatewaySubscriptionId, { cancel_at_period_end: true });
    },

    verifyEvent(rawBody, signature) {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
        throw error;
      }
      const objectId = (event.data.object as { id?: unknown }).id;
      return { id: event.id, type: event.type, objectId: typeof objectId === 'string' ? objectId : '' };
    },

    subscription,

    async invoice(id) {
      const invoice = await stripe.invoices.retrieve(id);
      return {
        id: invoice.id,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        billingReason: invoice.billing_reason,
        paid: invoice.status === 'paid',
        amountPaid: invoice.amount_paid,
        paidAt: invoice.status_transitions.paid_at ? seconds(invoice.status_transitions.paid_at) : null,
        periodEnd:
          invoice.lines.data.length > 0
            ? seconds(Math.max(...invoice.lines.data.map((line) => line.period.end)))
            : null,
      };
    },
  };
}
