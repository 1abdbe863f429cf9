import type { FastifyInstance } from 'fastify';
import { BillingEndpoints, ServerMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { toPage } from '../../lib/page';
import { createBillingService } from './billing.service';

/** Plans, checkout and the member's subscription and payments: member scope. */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const billing = createBillingService(app.ctx);

  registerEndpoints(app, BillingEndpoints, {
    plans: async () => ok(await billing.plans()),
    subscription: async (request) => ok({ activeSubscriptions: await billing.current(request.user!.id) }),
    cancelSubscription: async (request) =>
      ok(await billing.cancel(request.user!.id, request.query.id), ServerMessages.subscriptionCancelled),
    paymentDetails: async (request) =>
      ok(await billing.paymentDetails(request.user!.id, request.query.plan_id)),
    processPayment: {
      options: {
        config: {
          rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (request) => `pay:${request.user?.id}` },
        },
      },
      handler: async (request) =>
        ok(await billing.startCheckout(request.user!.id, request.body.plan_id, request.body.price)),
    },
    paymentSuccess: async (request) =>
      ok({ subscription: await billing.confirm(request.user!.id, request.body.session_id) }),
    payments: async (request) => ok(await billing.payments(request.user!.id, toPage(request.query))),
    receipt: async (request) => ok(await billing.receipt(request.user!.id, request.params.id)),
  });
}
