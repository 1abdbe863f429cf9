import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema, strictNumber } from './common';
import { defineEndpoint } from './endpoint';

export const PlanLimitationSchema = z.object({
  limitation_title: z.string(),
  limitation_value: z.boolean(),
  limit: z.union([z.string(), z.record(z.string(), z.unknown())]),
});

export const PlanSchema = z.object({
  plan_id: z.number(),
  name: z.string(),
  total_price: z.number(),
  currency: z.string(),
  duration_value: z.number(),
  duration: z.enum(['month', 'year']),
  /** Household profiles an account on the plan may have (also listed in `plan_type`). */
  profiles: z.number(),
  plan_type: z.array(PlanLimitationSchema),
});
export type Plan = z.infer<typeof PlanSchema>;

export const SubscriptionSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  name: z.string(),
  /** `cancelled`: ends at end_date and is not renewed; it gives access until then. */
  status: z.enum(['active', 'cancelled', 'expired']),
  start_date: z.string(),
  end_date: z.string(),
  /** The gateway charges the next period by itself; the plan cannot be extended by hand. */
  renews_automatically: z.boolean(),
  /** The member can pay now to move end_date one period later (a plan the gateway does not renew). */
  can_extend: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ActiveSubscriptionsSchema = z.object({ activeSubscriptions: z.array(SubscriptionSchema) });

export const PlanIdQuerySchema = z.object({ plan_id: IdSchema });
export const SubscriptionIdQuerySchema = z.object({ id: IdSchema });

export const PlanChangeSchema = z.enum(['new', 'extend', 'upgrade', 'downgrade']);
export type PlanChange = z.infer<typeof PlanChangeSchema>;

/** What a plan costs, line by line, as quoted and as charged (a receipt's details). */
export const PriceBreakdownSchema = z.object({
  plan_id: z.number(),
  currency: z.string(),
  price: z.number(),
  discount: z.string(),
  discount_amount: z.number(),
  subtotal: z.number(),
  tax_array: z.array(z.object({ name: z.string(), value: z.number(), tax_amount: z.number() })),
  /** The unused days of the current plan, taken off when another plan replaces it. */
  credit: z.object({ description: z.string(), amount: z.number() }).optional(),
  total: z.number(),
});
export type PriceBreakdown = z.infer<typeof PriceBreakdownSchema>;

/** The price of a plan for the member now, and what paying it would do. */
export const PaymentDetailsSchema = PriceBreakdownSchema.extend({
  /**
   * What paying does: `new` starts a plan, `extend` moves the current plan's end one period later,
   * `upgrade` and `downgrade` replace the current plan (with the credit above) from today.
   */
  change: PlanChangeSchema,
  /** The day the plan will end once this payment is made (YYYY-MM-DD). */
  new_end_date: z.string(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

/** One payment in the member's billing history. */
export const PaymentSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** ISO 8601 UTC. */
  paid_at: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** A printable receipt: the payment with the breakdown that was charged, to the paisa. */
export const ReceiptSchema = PaymentSchema.extend({
  receipt_number: z.string(),
  site_name: z.string(),
  member_name: z.string(),
  member_email: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  details: PriceBreakdownSchema,
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ProcessPaymentBodySchema = z.object({
  plan_id: IdSchema,
  payment_method: z.literal('stripe', { error: 'payment_method must be stripe' }),
  price: strictNumber('price must be a number', { minimum: 0 }).pipe(
    z.number().min(0, { error: 'price must not be negative' }),
  ),
});
export type ProcessPaymentBody = z.input<typeof ProcessPaymentBodySchema>;

export const ProcessPaymentResultSchema = z.object({ redirect_url: z.string(), session_id: z.string() });

export const PaymentSuccessBodySchema = z.object({
  session_id: z.string().min(1, { error: 'session_id is required' }).max(200),
  gateway: z.literal('stripe', { error: 'gateway must be stripe' }),
});
export const PaymentSuccessResultSchema = z.object({ subscription: SubscriptionSchema });

const tags = ['billing'];
const PLAN_NOT_FOUND = 'No active plan has this id.';
const PLAN_ALREADY_YOURS =
  "The plan is already the member's current plan and cannot be extended (the gateway renews it by itself, or it is already paid ahead).";

/**
 * Plans, checkout and the member's subscription and payments. The plans on sale and the current
 * subscription are read by any profile (the browse page's ad slot depends on them); paying,
 * cancelling and the payment history are the account's (`account`: not a kids profile).
 */
export const BillingEndpoints = {
  plans: defineEndpoint({
    method: 'GET',
    path: '/user/plans',
    access: 'member',
    tags,
    description: 'The plans on sale, with what each allows.',
    success: { status: 200, data: z.array(PlanSchema) },
  }),
  subscription: defineEndpoint({
    method: 'GET',
    path: '/user/subscription-plan',
    access: 'member',
    tags,
    description: "The member's current subscription, if any (a list of at most one).",
    success: { status: 200, data: ActiveSubscriptionsSchema },
  }),
  cancelSubscription: defineEndpoint({
    method: 'POST',
    path: '/user/cancle-subscription',
    access: 'account',
    tags,
    description:
      'Cancels at the end of the paid period; access stays until end_date. Cancelling twice is no error.',
    query: SubscriptionIdQuerySchema,
    success: { status: 200, data: SubscriptionSchema },
    errors: {
      403: "The subscription is another member's.",
      404: 'No subscription has this id.',
      409: 'The subscription has already ended.',
    },
  }),
  paymentDetails: defineEndpoint({
    method: 'POST',
    path: '/user/get-payment-details',
    access: 'account',
    tags,
    description: 'What paying for the plan now would cost, line by line, and what it would do.',
    query: PlanIdQuerySchema,
    success: { status: 200, data: PaymentDetailsSchema },
    errors: { 404: PLAN_NOT_FOUND, 409: PLAN_ALREADY_YOURS },
  }),
  processPayment: defineEndpoint({
    method: 'POST',
    path: '/user/process-payment',
    access: 'account',
    tags,
    description: "Opens a checkout for the server's own total and answers where to send the member to pay.",
    body: ProcessPaymentBodySchema,
    success: { status: 200, data: ProcessPaymentResultSchema },
    errors: {
      404: PLAN_NOT_FOUND,
      409: `\`price\` is not the total the server quotes now (look at the payment details again), or: ${PLAN_ALREADY_YOURS}`,
    },
  }),
  paymentSuccess: defineEndpoint({
    method: 'POST',
    path: '/user/payment-success',
    access: 'account',
    tags,
    description:
      'Confirms a paid checkout and answers the subscription it paid for; asking again answers the same.',
    body: PaymentSuccessBodySchema,
    success: { status: 200, data: PaymentSuccessResultSchema },
    errors: {
      402: 'The gateway has not been paid for this checkout (yet).',
      404: 'The member has no checkout with this session id.',
    },
  }),
  payments: defineEndpoint({
    method: 'GET',
    path: '/user/payments',
    access: 'account',
    tags,
    description: "The member's payments, newest first.",
    query: PageQuerySchema,
    success: { status: 200, data: z.array(PaymentSchema) },
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/user/payments/:id/receipt',
    access: 'account',
    tags,
    description: "The printable receipt of one of the member's payments.",
    params: IdParamsSchema,
    success: { status: 200, data: ReceiptSchema },
    errors: { 404: 'The member has no payment with this id.' },
  }),
};
