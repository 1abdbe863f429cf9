import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveSubscriptionsSchema,
  ApiPaths,
  IdParamsSchema,
  PageQuerySchema,
  PaymentDetailsSchema,
  PaymentSchema,
  PaymentSuccessBodySchema,
  PaymentSuccessResultSchema,
  PlanIdQuerySchema,
  PlanSchema,
  ProcessPaymentBodySchema,
  ProcessPaymentResultSchema,
  ReceiptSchema,
  ServerMessages,
  SubscriptionIdQuerySchema,
  SubscriptionSchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { toPage } from '../../lib/page';
import { createBillingService } from './billing.service';

const tags = ['billing'];
const security = [{ bearer: [] }];

/** Plans, checkout and the member's subscription and payments: member scope. */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const billing = createBillingService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    ApiPaths.plans,
    { schema: { tags, security, response: { 200: SuccessEnvelope(z.array(PlanSchema)) } } },
    async () => ok(await billing.plans()),
  );

  api.get(
    ApiPaths.subscriptionPlan,
    { schema: { tags, security, response: { 200: SuccessEnvelope(ActiveSubscriptionsSchema) } } },
    async (request) => ok({ activeSubscriptions: await billing.current(request.user!.id) }),
  );

  api.post(
    ApiPaths.cancelSubscription,
    {
      schema: {
        tags,
        security,
        description: 'Cancels at the end of the paid period; access stays until end_date.',
        querystring: SubscriptionIdQuerySchema,
        response: { 200: SuccessEnvelope(SubscriptionSchema) },
      },
    },
    async (request) =>
      ok(await billing.cancel(request.user!.id, request.query.id), ServerMessages.subscriptionCancelled),
  );

  api.post(
    ApiPaths.paymentDetails,
    {
      schema: {
        tags,
        security,
        querystring: PlanIdQuerySchema,
        response: { 200: SuccessEnvelope(PaymentDetailsSchema) },
      },
    },
    async (request) => ok(await billing.paymentDetails(request.user!.id, request.query.plan_id)),
  );

  api.post(
    ApiPaths.processPayment,
    {
      config: {
        rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (request) => `pay:${request.user?.id}` },
      },
      schema: {
        tags,
        security,
        description: "Opens a checkout for the server's own total; 409 when `price` is not that total.",
        body: ProcessPaymentBodySchema,
        response: { 200: SuccessEnvelope(ProcessPaymentResultSchema) },
      },
    },
    async (request) =>
      ok(await billing.startCheckout(request.user!.id, request.body.plan_id, request.body.price)),
  );

  api.post(
    ApiPaths.paymentSuccess,
    {
      schema: {
        tags,
        security,
        description: 'Confirms a paid checkout; idempotent; 402 while it is not paid.',
        body: PaymentSuccessBodySchema,
        response: { 200: SuccessEnvelope(PaymentSuccessResultSchema) },
      },
    },
    async (request) => ok({ subscription: await billing.confirm(request.user!.id, request.body.session_id) }),
  );

  api.get(
    ApiPaths.payments,
    {
      schema: {
        tags,
        security,
        querystring: PageQuerySchema,
        response: { 200: SuccessEnvelope(z.array(PaymentSchema)) },
      },
    },
    async (request) => ok(await billing.payments(request.user!.id, toPage(request.query))),
  );

  api.get(
    ApiPaths.receipt,
    { schema: { tags, security, params: IdParamsSchema, response: { 200: SuccessEnvelope(ReceiptSchema) } } },
    async (request) => ok(await billing.receipt(request.user!.id, request.params.id)),
  );
}
