import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { createBillingRepository } from './billing.repository';
import { renderCheckoutPage, type CheckoutView } from './builtin-checkout.page';
import { fulfilCheckout } from './fulfilment';
import { formatMoney } from './money';
import { cardBrand, chargeTestCard, checkCard } from './test-cards';
import { siteIdentity } from '../site-settings/site-settings.service';

const SESSION_ID = /^cs_test_[A-Za-z0-9_-]{32}$/;
const FORM = 'application/x-www-form-urlencoded';

const CardFormSchema = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(200).default(''),
});

/**
 * The built-in test checkout's own pages (GET and POST /checkout/<session id>): what a card
 * payment provider shows, served by the app. The unguessable session id is the only credential,
 * as with a hosted checkout.
 */
export async function builtinCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const ctx: AppContext = app.ctx;
  const repo = createBillingRepository(ctx.db);

  // A card form posts as form-urlencoded; read here only, a few kilobytes at most.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function view(sessionId: string): Promise<CheckoutView | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    const checkout = await repo.checkout(sessionId);
    if (!checkout || checkout.gateway !== 'builtin') return null;
    const plan = await repo.plan(checkout.plan_id);
    const state =
      checkout.status === 'paid'
        ? 'paid'
        : checkout.status === 'expired' || checkout.expires_at <= Date.now()
          ? 'expired'
          : 'open';
    return {
      siteName: (await siteIdentity(ctx)).appName,
      planName: plan?.name ?? '',
      amount: formatMoney(checkout.amount_minor, checkout.currency),
      sessionId,
      state,
    };
  }

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  const notFound = (reply: FastifyReply) =>
    page(
      reply,
      404,
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout not found</title></head>' +
        '<body><main><p>This checkout does not exist.</p><a href="/plans">Return to plans</a></main></body></html>',
    );

  app.get<{ Params: { id: string } }>('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
    const current = await view(request.params.id);
    return current ? page(reply, 200, renderCheckoutPage(current)) : notFound(reply);
  });

  app.post<{ Params: { id: string } }>(
    '/checkout/:id',
    {
      schema: { hide: true, consumes: [FORM] },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const current = await view(request.params.id);
      if (!current) return notFound(reply);
      if (current.state !== 'open') return page(reply, 409, renderCheckoutPage(current));
      const form = CardFormSchema.safeParse(request.body ?? {});
      const fields = form.success ? form.data : { number: '', expiry: '', cvc: '', name: '' };
      const { digits, errors } = checkCard(fields);
      if (Object.keys(errors).length > 0) {
        return page(reply, 422, renderCheckoutPage({ ...current, form: fields, errors }));
      }
      const charge = chargeTestCard(digits);
      if (!charge.approved) {
        return page(reply, 402, renderCheckoutPage({ ...current, form: fields, refusal: charge.message }));
      }
      const card = { brand: cardBrand(digits), last4: digits.slice(-4) };
      if (!(await repo.markCheckoutPaid(current.sessionId, card, Date.now()))) {
        return page(reply, 409, renderCheckoutPage((await view(current.sessionId)) ?? current));
      }
      // As a provider's notification would: the subscription exists before the member is back.
      await fulfilCheckout(ctx, current.sessionId);
      return reply.redirect(`/payment-success?session_id=${encodeURIComponent(current.sessionId)}`, 303);
    },
  );
}
