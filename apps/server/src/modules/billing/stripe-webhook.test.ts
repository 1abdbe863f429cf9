import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/time';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan } from '../../testing/billing';
import { deliverWebhook, FakeStripe, openCheckout } from '../../testing/fake-stripe';
import { signUp } from '../../testing/http';
import { WebhookMessages } from './stripe-webhook.routes';

let stripe: FakeStripe;
let server: TestServer;
let planId: number;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  server = await startTestServer(stripe.env);
  planId = await insertPlan(server.app, { name: 'Standard', price_minor: 39_900 });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

type Member = Awaited<ReturnType<typeof signUp>>;
interface Subscription {
  id: number;
  status: string;
  end_date: string;
}

const send = (type: string, objectId: string) => {
  const payload = stripe.event(type, objectId);
  return { payload, deliver: () => deliverWebhook(server.app, payload, stripe.sign(payload)) };
};
const deliver = (type: string, objectId: string) => send(type, objectId).deliver();
const currentPlan = async (member: Member) =>
  (
    await server.app.inject({ method: 'GET', url: '/api/v1/user/subscription-plan', headers: member.auth })
  ).json().data.activeSubscriptions as Subscription[];
const payments = async (member: Member) =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/user/payments', headers: member.auth })).json()
    .data as Array<{ id: number; amount: number }>;
const mails = async (member: Member, subject: string) =>
  (
    await server.app.ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', member.email)
      .where('subject', 'like', `%${subject}%`)
      .execute()
  ).map((row) => row.text_body);
const periodEndOf = (subscriptionId: string) =>
  (stripe.subscriptions.get(subscriptionId)!.items as { data: Array<{ current_period_end: number }> })
    .data[0]!.current_period_end * 1000;

/** A member who has paid on Stripe, with no notification delivered yet. */
async function paidOnStripe() {
  const member = await signUp(server.app);
  const checkout = await openCheckout(server.app, member.auth, planId);
  return { member, sessionId: checkout.session_id, ...stripe.payCheckout(checkout.session_id) };
}

describe('the Stripe webhook', () => {
  it('activates the plan on checkout.session.completed and does nothing on a duplicate delivery', async () => {
    const { member, sessionId, subscriptionId } = await paidOnStripe();
    const event = send('checkout.session.completed', sessionId);

    const first = await event.deliver();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: WebhookMessages.received, data: null });
    const again = await event.deliver();
    expect(again.statusCode).toBe(200);

    expect(await currentPlan(member)).toEqual([
      expect.objectContaining({ status: 'active', end_date: isoDay(periodEndOf(subscriptionId)) }),
    ]);
    expect(await payments(member)).toHaveLength(1);
    expect(await mails(member, 'receipt')).toHaveLength(1);
    const recorded = await server.app.ctx.db
      .selectFrom('payment_events')
      .select('type')
      .where('checkout_session_id', '=', sessionId)
      .execute();
    expect(recorded).toEqual([{ type: 'checkout.session.completed' }]);
  });

  it('gives the same result when the subscription and invoice events come before the checkout one', async () => {
    const { member, sessionId, subscriptionId, invoiceId } = await paidOnStripe();
    expect((await deliver('customer.subscription.updated', subscriptionId)).statusCode).toBe(200);
    expect(await currentPlan(member)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect((await deliver('invoice.paid', invoiceId)).statusCode).toBe(200);
    expect((await deliver('checkout.session.completed', sessionId)).statusCode).toBe(200);

    expect(await currentPlan(member)).toEqual([
      expect.objectContaining({ status: 'active', end_date: isoDay(periodEndOf(subscriptionId)) }),
    ]);
    expect(await payments(member)).toHaveLength(1);
    expect(await mails(member, 'receipt')).toHaveLength(1);
  });

  it('lets the redirect and the webhook race: one subscription, whichever comes second does nothing', async () => {
    const { member, sessionId } = await paidOnStripe();
    const [redirect, webhook] = await Promise.all([
      server.app.inject({
        method: 'POST',
        url: '/api/v1/user/payment-success',
        headers: member.auth,
        payload: { session_id: sessionId, gateway: 'stripe' },
      }),
      deliver('checkout.session.completed', sessionId),
    ]);
    expect(redirect.statusCode).toBe(200);
    expect(webhook.statusCode).toBe(200);
    expect(await currentPlan(member)).toEqual([
      expect.objectContaining({ id: redirect.json().data.subscription.id }),
    ]);
    expect(await payments(member)).toHaveLength(1);
    expect(await mails(member, 'receipt')).toHaveLength(1);
  });

  it('refuses a tampered body, a stale timestamp, a wrong secret and a missing signature with 400', async () => {
    const { member, sessionId } = await paidOnStripe();
    const payload = stripe.event('checkout.session.completed', sessionId);
    const tampered = payload.replace('"livemode":false', '"livemode":true');
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const answers = [
      await deliverWebhook(server.app, tampered, stripe.sign(payload)),
      await deliverWebhook(server.app, payload, stripe.sign(payload, { timestamp: tenMinutesAgo })),
      await deliverWebhook(server.app, payload, stripe.sign(payload, { secret: 'whsec_other' })),
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, message: WebhookMessages.badSignature });
    }
    expect(await currentPlan(member)).toEqual([]);
  });

  it('acknowledges events it does not use, and events about objects that are not ours', async () => {
    const { member, sessionId } = await paidOnStripe();
    expect((await deliver('checkout.session.expired', sessionId)).statusCode).toBe(200);
    const stranger = stripe.event('payment_intent.succeeded', sessionId);
    expect((await deliverWebhook(server.app, stranger, stripe.sign(stranger))).statusCode).toBe(200);
    expect(await currentPlan(member)).toEqual([]);
  });
});

describe('renewals', () => {
  it('extends the plan on a paid renewal, with a payment and a receipt, once however often it is delivered', async () => {
    const { member, sessionId, subscriptionId } = await paidOnStripe();
    await deliver('checkout.session.completed', sessionId);
    const before = (await currentPlan(member))[0]!;

    const invoiceId = stripe.renew(subscriptionId);
    const renewal = send('invoice.paid', invoiceId);
    expect((await renewal.deliver()).statusCode).toBe(200);
    expect((await deliver('invoice.paid', invoiceId)).statusCode).toBe(200);
    expect((await renewal.deliver()).statusCode).toBe(200);

    const after = (await currentPlan(member))[0]!;
    expect(after).toMatchObject({
      id: before.id,
      status: 'active',
      end_date: isoDay(periodEndOf(subscriptionId)),
    });
    expect(after.end_date > before.end_date).toBe(true);
    expect(await payments(member)).toHaveLength(2);
    expect(await mails(member, 'receipt')).toHaveLength(2);
  });

  it('mails a failed renewal and keeps access until the paid period ends, then ends it when Stripe does', async () => {
    const { member, sessionId, subscriptionId } = await paidOnStripe();
    await deliver('checkout.session.completed', sessionId);
    const paidUntil = (await currentPlan(member))[0]!.end_date;

    const invoiceId = stripe.renew(subscriptionId, { paid: false });
    const failure = send('invoice.payment_failed', invoiceId);
    expect((await failure.deliver()).statusCode).toBe(200);
    expect((await failure.deliver()).statusCode).toBe(200);
    expect((await deliver('customer.subscription.updated', subscriptionId)).statusCode).toBe(200);
    const failed = await mails(member, 'did not go through');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(`keep watching until ${paidUntil}`);
    expect(await currentPlan(member)).toEqual([
      expect.objectContaining({ status: 'active', end_date: paidUntil }),
    ]);
    const row = await server.app.ctx.db
      .selectFrom('subscriptions')
      .select('past_due_at')
      .where('gateway_subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row.past_due_at).not.toBeNull();
    expect(await payments(member)).toHaveLength(1);

    stripe.endSubscription(subscriptionId);
    expect((await deliver('customer.subscription.deleted', subscriptionId)).statusCode).toBe(200);
    expect(await currentPlan(member)).toEqual([]);
  });

  it('moves the end only when the renewal is paid, not when Stripe starts the next period', async () => {
    const { member, sessionId, subscriptionId } = await paidOnStripe();
    await deliver('checkout.session.completed', sessionId);
    const paidUntil = (await currentPlan(member))[0]!.end_date;
    const invoiceId = stripe.renew(subscriptionId, { paid: false });
    // The hour between the new period and the first charge, when Stripe still says active.
    stripe.subscriptions.get(subscriptionId)!.status = 'active';

    expect((await deliver('customer.subscription.updated', subscriptionId)).statusCode).toBe(200);
    expect(await currentPlan(member)).toEqual([expect.objectContaining({ end_date: paidUntil })]);

    Object.assign(stripe.invoices.get(invoiceId)!, {
      status: 'paid',
      amount_paid: 39_900,
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
    });
    expect((await deliver('invoice.paid', invoiceId)).statusCode).toBe(200);
    expect(await currentPlan(member)).toEqual([
      expect.objectContaining({ end_date: isoDay(periodEndOf(subscriptionId)) }),
    ]);
  });

  it('keeps access through the renewal charge, ends it after a failed one, and gives it back when paid late', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(server.app, member.auth, planId);
    const { subscriptionId } = stripe.payCheckout(checkout.session_id);
    // A period that ended half an hour ago: Stripe has started the next one and not yet charged it.
    const item = (stripe.subscriptions.get(subscriptionId)!.items as { data: Array<Record<string, number>> })
      .data[0]!;
    item.current_period_end = Math.floor(Date.now() / 1000) - 1800;
    await deliver('checkout.session.completed', checkout.session_id);
    expect(await currentPlan(member)).toEqual([
      expect.objectContaining({ status: 'active', end_date: isoDay(item.current_period_end * 1000) }),
    ]);

    const failedInvoice = stripe.renew(subscriptionId, { paid: false });
    await deliver('invoice.payment_failed', failedInvoice);
    expect(await currentPlan(member)).toEqual([expect.objectContaining({ status: 'active' })]);

    // The grace is over and nothing was paid: the expiry job ends access.
    const { db } = server.app.ctx;
    const row = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('gateway_subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('subscriptions')
      .set({ ends_at: Date.now() - 1000 })
      .where('id', '=', row.id)
      .execute();
    const expiry = await server.app.ctx.jobs.enqueue('billing.expire-subscription', {
      subscriptionId: row.id,
    });
    await server.app.jobs.runJob(expiry.id);
    expect(await currentPlan(member)).toEqual([]);

    // Stripe's last retry succeeds after all: the paid renewal gives the plan back.
    const paidInvoice = stripe.renew(subscriptionId);
    expect((await deliver('invoice.paid', paidInvoice)).statusCode).toBe(200);
    expect(await currentPlan(member)).toEqual([
      expect.objectContaining({ status: 'active', end_date: isoDay(periodEndOf(subscriptionId)) }),
    ]);
    expect(await payments(member)).toHaveLength(2);
  });
});
