import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Stripe's webhook: public, since Stripe's signature of the exact bytes is the credential. Served
 * only when the site takes payments through Stripe.
 */
export const StripeWebhookEndpoints = {
  receive: defineEndpoint({
    method: 'POST',
    path: '/stripe/webhook',
    access: 'public',
    tags: ['billing'],
    description:
      'Receives a Stripe event (checkout completed, invoice paid or failed, subscription changed or deleted). Each event is applied once, whatever Stripe retries.',
    headers: {
      'Stripe-Signature': {
        description: "Stripe's signature of the body with the endpoint's secret.",
        required: true,
      },
    },
    rawBody: { contentType: 'application/json', description: 'The event exactly as Stripe sent it.' },
    success: { status: 200, data: z.null() },
    errors: { 400: 'The signature is missing or does not match the body.' },
  }),
};
