import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { isoDay } from '../../lib/time';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan } from '../../testing/billing';
import { deliverWebhook, FakeStripe, openCheckout } from '../../testing/fake-stripe';
import { signUp } from '../../testing/http';
import { STRIPE_API_VERSION } from '../../adapters/payment/stripe';

let stripe: FakeStripe;
let server: TestServer;
let monthly: number;
let yearly: number;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  server = await startTestServer(stripe.env);
  monthly = await insertPlan(server.app, { name: 'Standard', price_minor: 39_900, discount_percent: 10 });
  yearly = await insertPlan(server.app, { name: 'Premium yearly', price_minor: 499_900, position: 2 });
  await server.app.ctx.db.updateTable('plans').set({ duration: 'year' }).where('id', '=', yearly).execute();
  await server.app.ctx.db.insertInto('taxes').values({ name: 'GST', percent: 18, is_active: 1 }).execute();
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

type Member = Awaited<ReturnType<typeof signUp>>;
const confirm = (member: Member, sessionId: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/user/payment-success',
    headers: member.auth,
    payload: { session_id: sessionId, gateway: 'stripe' },
  });
const currentPlan = async (member: Member) =>
  (
    await server.app.inject({ method: 'GET', url: '/api/v1/user/subscription-plan', headers: member.auth })
  ).json().data.activeSubscriptions as Array<{ id: number; status: string; end_date: string }>;
const countRows = async (table: 'subscriptions' | 'payments', userId: number) =>
  (await server.app.ctx.db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
const receipts = async (member: Member) =>
  (
    await server.app.ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', member.email)
      .where('subject', 'like', '%receipt%')
      .execute()
  ).length;

describe('configuration', () => {
  it('uses Stripe only with both keys, and refuses one without the other', () => {
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, STRIPE_SECRET_KEY: 'sk_test_fake' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ DATA_DIR: server.config.dataDir }).stripe).toBeNull();
    expect(server.app.ctx.payments.name).toBe('stripe');
    expect(STRIPE_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.\w+$/);
  });

  it('serves no built-in card page while Stripe takes the payments', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(server.app, member.auth, monthly);
    const page = await server.app.inject({ method: 'GET', url: `/checkout/${checkout.session_id}` });
    // The web app's shell, as for any other unknown page: no card form.
    expect(page.body).toContain('<div id="root">');
    expect(page.body).not.toContain('name="number"');
  });
});

describe('checkout with Stripe', () => {
  it("opens a subscription-mode session for the server's total, and reuses one customer per member", async () => {
    const member = await signUp(server.app);
    const details = (
      await server.app.inject({
        method: 'POST',
        url: `/api/v1/user/get-payment-details?plan_id=${monthly}`,
        headers: member.auth,
      })
    ).json().data;
    const first = await openCheckout(server.app, member.auth, monthly);
    const second = await openCheckout(server.app, member.auth, yearly);

    expect(first.redirect_url).toBe(`https://checkout.stripe.com/c/pay/${first.session_id}`);
    const session = stripe.sessions.get(first.session_id)!;
    const form = session._form as {
      mode: string;
      line_items: Array<{ price_data: Record<string, unknown> }>;
      metadata: Record<string, string>;
      subscription_data: { metadata: Record<string, string> };
      success_url: string;
    };
    expect(form.mode).toBe('subscription');
    expect(form.line_items[0]!.price_data).toMatchObject({
      currency: 'inr',
      unit_amount: String(Math.round(details.total * 100)),
      recurring: { interval: 'month', interval_count: '1' },
      product_data: { name: 'Standard' },
    });
    expect(form.metadata).toMatchObject({ member_id: String(member.id), plan_id: String(monthly) });
    expect(form.metadata.checkout_ref).toMatch(/^co_/);
    expect(form.subscription_data.metadata).toEqual(form.metadata);
    expect(form.success_url).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}');
    const yearlyForm = stripe.sessions.get(second.session_id)!._form as typeof form;
    expect(yearlyForm.line_items[0]!.price_data.recurring).toEqual({ interval: 'year', interval_count: '1' });

    expect(session.customer).toBe(stripe.sessions.get(second.session_id)!.customer);
    const sessionPosts = stripe.requests.filter(
      (req) => req.method === 'POST' && req.path === '/v1/checkout/sessions',
    );
    expect(sessionPosts.slice(-2).every((req) => req.idempotencyKey)).toBe(true);
    const customers = [...stripe.customers.values()].filter(
      (customer) => (customer.metadata as Record<string, string>).member_id === String(member.id),
    );
    expect(customers).toEqual([expect.objectContaining({ id: session.customer, email: member.email })]);
    const checkoutRow = await server.app.ctx.db
      .selectFrom('checkout_sessions')
      .select(['expires_at', 'gateway'])
      .where('id', '=', first.session_id)
      .executeTakeFirstOrThrow();
    expect(checkoutRow).toEqual({ gateway: 'stripe', expires_at: (session.expires_at as number) * 1000 });
  });

  it('makes the member a new customer when theirs was deleted at Stripe', async () => {
    const member = await signUp(server.app);
    const first = await openCheckout(server.app, member.auth, monthly);
    const deleted = stripe.sessions.get(first.session_id)!.customer as string;
    stripe.deleteCustomer(deleted);

    const second = await openCheckout(server.app, member.auth, monthly);
    const replacement = stripe.sessions.get(second.session_id)!.customer as string;
    expect(replacement).not.toBe(deleted);
    expect(stripe.customers.get(replacement)).toMatchObject({ email: member.email });
    const third = await openCheckout(server.app, member.auth, monthly);
    expect(stripe.sessions.get(third.session_id)!.customer).toBe(replacement);
  });

  it('asks Stripe, not the browser: 402 while unpaid, then the plan until the end of Stripe’s period', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(server.app, member.auth, monthly);
    const unpaid = await confirm(member, checkout.session_id);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json()).toEqual({ status: false, message: ServerMessages.paymentNotCompleted });

    const { subscriptionId } = stripe.payCheckout(checkout.session_id);
    const paid = await confirm(member, checkout.session_id);
    expect(paid.statusCode).toBe(200);
    const subscription = paid.json().data.subscription;
    const item = (stripe.subscriptions.get(subscriptionId)!.items as { data: Array<Record<string, number>> })
      .data[0]!;
    expect(subscription).toMatchObject({
      plan_id: monthly,
      status: 'active',
      end_date: isoDay(item.current_period_end! * 1000),
    });
    expect(await currentPlan(member)).toEqual([expect.objectContaining({ id: subscription.id })]);
    expect(await receipts(member)).toBe(1);
  });

  it('cancels on Stripe at the end of the period when the member cancels from the plans banner', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(server.app, member.auth, monthly);
    const { subscriptionId } = stripe.payCheckout(checkout.session_id);
    const subscription = (await confirm(member, checkout.session_id)).json().data.subscription;

    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/user/cancle-subscription?id=${subscription.id}`,
      headers: member.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', end_date: subscription.end_date });
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await currentPlan(member)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  });

  it('creates one subscription when fifty confirmations and five webhook deliveries race', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(server.app, member.auth, monthly);
    stripe.payCheckout(checkout.session_id);
    const deliveries = Array.from({ length: 5 }, () => {
      const payload = stripe.event('checkout.session.completed', checkout.session_id);
      return deliverWebhook(server.app, payload, stripe.sign(payload));
    });
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => confirm(member, checkout.session_id)),
      ...deliveries,
    ]);
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([200]));
    const ids = answers.slice(0, 50).map((res) => res.json().data.subscription.id);
    expect(new Set(ids).size).toBe(1);
    expect(await countRows('subscriptions', member.id)).toBe(1);
    expect(await countRows('payments', member.id)).toBe(1);
    expect(await receipts(member)).toBe(1);
  });
});
