import { z } from 'zod';
import { IdSchema, strictNumber } from './common';

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
  plan_type: z.array(PlanLimitationSchema),
});
export type Plan = z.infer<typeof PlanSchema>;

export const SubscriptionSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  name: z.string(),
  status: z.enum(['active', 'cancelled', 'expired']),
  start_date: z.string(),
  end_date: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ActiveSubscriptionsSchema = z.object({ activeSubscriptions: z.array(SubscriptionSchema) });

export const PlanIdQuerySchema = z.object({ plan_id: IdSchema });
export const SubscriptionIdQuerySchema = z.object({ id: IdSchema });

export const PaymentDetailsSchema = z.object({
  plan_id: z.number(),
  currency: z.string(),
  price: z.number(),
  discount: z.string(),
  discount_amount: z.number(),
  subtotal: z.number(),
  tax_array: z.array(z.object({ name: z.string(), value: z.number(), tax_amount: z.number() })),
  total: z.number(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

export const ProcessPaymentBodySchema = z.object({
  plan_id: IdSchema,
  payment_method: z.literal('stripe', { error: 'payment_method must be stripe' }),
  price: strictNumber('price must be a number').pipe(
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
