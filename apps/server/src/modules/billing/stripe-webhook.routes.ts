import type { FastifyInstance } from 'fastify';
import { isStripeGateway } from '../../adapters/payment/stripe';
import { StripeWebhookEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { AppError } from '../../lib/errors';
import { createStripeEventHandler } from './stripe-events';

export const STRIPE_WEBHOOK_PATH = StripeWebhookEndpoints.receive.path;
export const WebhookMessages = {
  badSignature: 'The webhook signature is not valid.',
  received: 'Event received.',
} as const;

/**
 * Stripe's webhook (public: Stripe's signature is the credential). The body is kept as the exact
 * bytes Stripe signed, so this scope reads JSON as a buffer; the rest of the API is unaffected.
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  const gateway = app.ctx.payments;
  if (!isStripeGateway(gateway)) return;
  const handle = createStripeEventHandler(app.ctx, gateway);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  registerEndpoints(app, StripeWebhookEndpoints, {
    receive: {
      options: { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
      handler: async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const event = gateway.verifyEvent(body, typeof signature === 'string' ? signature : undefined);
        if (!event) throw new AppError(400, WebhookMessages.badSignature);
        await handle(event, body.toString('utf8'));
        return ok(null, WebhookMessages.received);
      },
    },
  });
}
