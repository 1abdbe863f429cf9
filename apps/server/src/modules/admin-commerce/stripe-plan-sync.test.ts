import type { AdminPlan, AdminPlanList } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { deliverWebhook, FakeStripe, openCheckout } from '../../testing/fake-stripe';
import { signUp, signUpAdmin } from '../../testing/http';

let stripe: FakeStripe;
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  stripe = await FakeStripe.start();
  server = await startTestServer(stripe.env);
  admin = await signUpAdmin(server.app);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });
const planOf = async (id: number) =>
  ((await asAdmin('GET', '/admin/plans')).json().data as AdminPlanList).plans.find((plan) => plan.id === id)!;
const syncJobs = () =>
  server.app.ctx.db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('type', '=', 'admin-commerce.sync-stripe-plan')
    .where('status', '=', 'queued')
    .execute();
const pricesOf = (productId: string) =>
  [...stripe.prices.values()].filter((price) => price.product === productId);

let planNumber = 0;
async function createPlan(fields: object = {}): Promise<AdminPlan> {
  const res = await asAdmin('POST', '/admin/plans', {
    name: `Stripe plan ${++planNumber}`,
    price_minor: 49_900,
    duration: 'month',
    duration_value: 1,
    max_height: 1080,
    screens: 2,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as AdminPlan;
}

describe('plans kept in step with Stripe', () => {
  it('creates the product and a recurring Price for a new plan, in the background', async () => {
    const plan = await createPlan({ description: 'Two screens', discount_percent: 10, duration: 'year' });
    expect(plan.stripe).toMatchObject({ product_id: null, price_id: null, in_sync: false });
    expect(await syncJobs()).toHaveLength(1);

    await server.app.jobs.drain();

    const synced = (await planOf(plan.id)).stripe!;
    expect(synced).toMatchObject({ in_sync: true, last_error: null });
    const product = stripe.products.get(synced.product_id!)!;
    expect(product).toMatchObject({
      object: 'product',
      name: plan.name,
      description: 'Two screens',
      active: true,
      metadata: { plan_id: String(plan.id) },
    });
    expect(stripe.prices.get(synced.price_id!)).toMatchObject({
      object: 'price',
      active: true,
      product: product.id,
      currency: 'inr',
      unit_amount: 44_910,
      recurring: { interval: 'year', interval_count: 1 },
      lookup_key: `plan_${plan.id}`,
    });
    expect(
      stripe.requests
        .filter((request) => request.method === 'POST')
        .every((request) => request.idempotencyKey),
    ).toBe(true);
  });

  it('creates a new Price on a price change and archives the old one; a rename only updates the product', async () => {
    const plan = await createPlan();
    await server.app.jobs.drain();
    const first = (await planOf(plan.id)).stripe!;

    await asAdmin('PATCH', `/admin/plans/${plan.id}`, { price_minor: 59_900 });
    expect((await planOf(plan.id)).stripe).toMatchObject({ in_sync: false, price_id: first.price_id });
    await server.app.jobs.drain();
    const second = (await planOf(plan.id)).stripe!;
    expect(second).toMatchObject({ in_sync: true, product_id: first.product_id });
    expect(second.price_id).not.toBe(first.price_id);
    expect(stripe.prices.get(first.price_id!)).toMatchObject({ active: false, lookup_key: null });
    expect(stripe.prices.get(second.price_id!)).toMatchObject({
      active: true,
      unit_amount: 59_900,
      lookup_key: `plan_${plan.id}`,
    });

    await asAdmin('PATCH', `/admin/plans/${plan.id}`, { name: 'Renamed at Stripe', is_active: false });
    await server.app.jobs.drain();
    expect(stripe.products.get(first.product_id!)).toMatchObject({
      name: 'Renamed at Stripe',
      active: false,
    });
    expect(pricesOf(first.product_id!)).toHaveLength(2);

    // Back to the first price: a third Price (Stripe's prices never change), not the archived one.
    await asAdmin('PATCH', `/admin/plans/${plan.id}`, { price_minor: 49_900 });
    await server.app.jobs.drain();
    const third = (await planOf(plan.id)).stripe!;
    expect(third.price_id).not.toBe(first.price_id);
    expect(pricesOf(first.product_id!).filter((price) => price.active)).toEqual([
      expect.objectContaining({ id: third.price_id, unit_amount: 49_900 }),
    ]);
  });

  it('shows a failed sync in the console and catches up on retry without a second Price', async () => {
    const plan = await createPlan();
    await server.app.jobs.drain();
    const before = (await planOf(plan.id)).stripe!;

    await asAdmin('PATCH', `/admin/plans/${plan.id}`, { price_minor: 12_300 });
    const [job] = await syncJobs();
    stripe.failNext('/v1/prices', 1);
    const failed = await server.app.jobs.runJob(job!.id);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed!.lastError).toMatch(/Something went wrong/);
    expect((await planOf(plan.id)).stripe).toMatchObject({ in_sync: false, price_id: before.price_id });

    // Stripe makes the Price but its answer is lost: the retry's idempotency key gets that Price back.
    stripe.failNext('/v1/prices', 1, { processed: true });
    await server.app.jobs.runJob(job!.id);
    expect((await planOf(plan.id)).stripe).toMatchObject({ in_sync: false });
    await server.app.jobs.runJob(job!.id);
    const after = (await planOf(plan.id)).stripe!;
    expect(after).toMatchObject({ in_sync: true, last_error: null });
    expect(pricesOf(before.product_id!).filter((price) => price.unit_amount === 12_300)).toHaveLength(1);
    expect(stripe.prices.get(before.price_id!)).toMatchObject({ active: false });
  });

  it('records the error once every attempt failed', async () => {
    const plan = await createPlan();
    const [job] = await syncJobs();
    await server.app.ctx.db.updateTable('jobs').set({ max_attempts: 1 }).where('id', '=', job!.id).execute();
    stripe.failNext('/v1/products', 1);
    expect(await server.app.jobs.runJob(job!.id)).toMatchObject({ state: 'failed' });
    expect((await planOf(plan.id)).stripe).toMatchObject({
      in_sync: false,
      product_id: null,
      last_error: expect.stringMatching(/Something went wrong/),
    });
    // The next change queues a sync that catches up.
    await asAdmin('PATCH', `/admin/plans/${plan.id}`, { screens: 3 });
    await server.app.jobs.drain();
    expect((await planOf(plan.id)).stripe).toMatchObject({ in_sync: true, last_error: null });
  });

  it('archives the product of a deleted plan', async () => {
    const plan = await createPlan();
    await server.app.jobs.drain();
    const { product_id, price_id } = (await planOf(plan.id)).stripe!;
    expect((await asAdmin('DELETE', `/admin/plans/${plan.id}`)).statusCode).toBe(200);
    await server.app.jobs.drain();
    expect(stripe.products.get(product_id!)).toMatchObject({ active: false });
    expect(stripe.prices.get(price_id!)).toMatchObject({ active: false });
    const row = await server.app.ctx.db
      .selectFrom('stripe_plans')
      .select('plan_id')
      .where('plan_id', '=', plan.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('renews an existing subscription at the price it started with after a price change', async () => {
    const plan = await createPlan({ price_minor: 20_000 });
    await server.app.jobs.drain();
    const member = await signUp(server.app);
    const checkout = await openCheckout(server.app, member.auth, plan.id);
    const { subscriptionId } = stripe.payCheckout(checkout.session_id);
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/payment-success',
      headers: member.auth,
      payload: { session_id: checkout.session_id, gateway: 'stripe' },
    });
    expect(confirmed.statusCode).toBe(200);

    await asAdmin('PATCH', `/admin/plans/${plan.id}`, { price_minor: 35_000 });
    await server.app.jobs.drain();

    const invoiceId = stripe.renew(subscriptionId);
    const payload = stripe.event('invoice.paid', invoiceId);
    expect((await deliverWebhook(server.app, payload, stripe.sign(payload))).statusCode).toBe(200);
    const payments = (
      await server.app.inject({ method: 'GET', url: '/api/v1/user/payments', headers: member.auth })
    ).json().data as Array<{ amount: number }>;
    expect(payments.map((payment) => payment.amount)).toEqual([200, 200]);
    // A new checkout is at the new price.
    const details = await server.app.inject({
      method: 'POST',
      url: `/api/v1/user/get-payment-details?plan_id=${plan.id}`,
      headers: (await signUp(server.app)).auth,
    });
    expect(details.json().data.total).toBe(350);
  });
});
