import { Messages, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUp } from '../../testing/http';
import { addMonths, isoDay } from '../../lib/time';
import { CardMessages } from './test-cards';

let server: TestServer;
let basic: number;
let standard: number;
beforeAll(async () => {
  server = await startTestServer();
  basic = await insertPlan(server.app, {
    name: 'Basic',
    price_minor: 14_900,
    max_height: 720,
    screens: 1,
    has_ads: 1,
    position: 1,
  });
  standard = await insertPlan(server.app, {
    name: 'Standard',
    price_minor: 39_900,
    discount_percent: 10,
    max_height: 1080,
    screens: 2,
    profiles: 4,
    position: 2,
  });
  await server.app.ctx.db.insertInto('taxes').values({ name: 'GST', percent: 18, is_active: 1 }).execute();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof signUp>>;
const call = (member: Member | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: member?.auth ?? {},
    ...(payload ? { payload } : {}),
  });

/** Opens a checkout for the plan at the server's price, as the web app does. */
async function openCheckout(member: Member, planId: number) {
  const details = (await call(member, 'POST', `/user/get-payment-details?plan_id=${planId}`)).json().data;
  const res = await call(member, 'POST', '/user/process-payment', {
    plan_id: planId,
    payment_method: 'stripe',
    price: details.total,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { redirect_url: string; session_id: string };
}

/** Fills the built-in checkout's card form. */
function pay(sessionId: string, card: Partial<Record<'number' | 'expiry' | 'cvc' | 'name', string>> = {}) {
  const form = new URLSearchParams({
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Test Payer',
    ...card,
  });
  return server.app.inject({
    method: 'POST',
    url: `/checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

const confirm = (member: Member, sessionId: string) =>
  call(member, 'POST', '/user/payment-success', { session_id: sessionId, gateway: 'stripe' });

describe('plans and prices', () => {
  it('lists the active plans with the limits the service enforces, in the site currency', async () => {
    const member = await signUp(server.app);
    const res = await call(member, 'GET', '/user/plans');
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as Array<{
      plan_id: number;
      name: string;
      total_price: number;
      currency: string;
      plan_type: unknown[];
    }>;
    const byId = new Map(plans.map((plan) => [plan.plan_id, plan]));
    expect(byId.get(basic)).toMatchObject({ name: 'Basic', total_price: 149, currency: 'INR' });
    expect(byId.get(standard)).toMatchObject({ name: 'Standard', total_price: 359.1, profiles: 4 });
    expect(byId.get(standard)!.plan_type).toEqual([
      { limitation_title: 'Video quality', limitation_value: true, limit: 'Up to 1080p' },
      { limitation_title: 'Screens at the same time', limitation_value: true, limit: '2 screens' },
      { limitation_title: 'Profiles', limitation_value: true, limit: '4 profiles' },
      { limitation_title: 'Ad-free', limitation_value: true, limit: 'No ads' },
    ]);
    expect((await call(null, 'GET', '/user/plans')).statusCode).toBe(401);
  });

  it('gives payment details whose lines add up to the total, to the paisa', async () => {
    const member = await signUp(server.app);
    const res = await call(member, 'POST', `/user/get-payment-details?plan_id=${standard}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      plan_id: standard,
      currency: 'INR',
      price: 399,
      discount: '10% off',
      discount_amount: 39.9,
      subtotal: 359.1,
      tax_array: [{ name: 'GST', value: 18, tax_amount: 64.64 }],
      total: 423.74,
      change: 'new',
      new_end_date: isoDay(addMonths(Date.now(), 1)),
    });
  });

  it('answers 404 for an unknown or inactive plan and 422 for a bad id', async () => {
    const member = await signUp(server.app);
    const retired = await insertPlan(server.app, { name: 'Retired' });
    await server.app.ctx.db.updateTable('plans').set({ is_active: 0 }).where('id', '=', retired).execute();
    for (const id of [99_999, retired]) {
      const res = await call(member, 'POST', `/user/get-payment-details?plan_id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ServerMessages.planNotFound);
    }
    const bad = await call(member, 'POST', '/user/get-payment-details?plan_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.plan_id).toEqual([Messages.idInvalid]);
  });
});

describe('checkout', () => {
  it("never charges a client's price: 409 when it is not the server's total, and nothing opens", async () => {
    const member = await signUp(server.app);
    const before = await server.app.ctx.db.selectFrom('checkout_sessions').select('id').execute();
    for (const price of [1, 423.73, 423.75, 0]) {
      const res = await call(member, 'POST', '/user/process-payment', {
        plan_id: standard,
        payment_method: 'stripe',
        price,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ServerMessages.priceChanged);
    }
    expect(await server.app.ctx.db.selectFrom('checkout_sessions').select('id').execute()).toEqual(before);
    const wrongMethod = await call(member, 'POST', '/user/process-payment', {
      plan_id: standard,
      payment_method: 'cash',
      price: 423.74,
    });
    expect(wrongMethod.statusCode).toBe(422);
  });

  it('takes a test card on the built-in checkout page and activates the plan once, however often it is confirmed', async () => {
    const member = await signUp(server.app, { email: 'payer@example.com', first_name: 'Payer' });
    const checkout = await openCheckout(member, standard);
    expect(checkout.redirect_url).toBe(`http://localhost:3000/checkout/${checkout.session_id}`);

    const unpaid = await confirm(member, checkout.session_id);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().message).toBe(ServerMessages.paymentNotCompleted);

    const page = await server.app.inject({ method: 'GET', url: `/checkout/${checkout.session_id}` });
    expect(page.statusCode).toBe(200);
    for (const text of [
      'Card number',
      'Expiry date',
      'CVC',
      'Name on card',
      'Pay ₹423.74',
      'Standard',
      'Test checkout',
    ]) {
      expect(page.body).toContain(text);
    }

    const paid = await pay(checkout.session_id);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment-success?session_id=${checkout.session_id}`);

    const first = await confirm(member, checkout.session_id);
    const again = await confirm(member, checkout.session_id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.subscription).toMatchObject({
      plan_id: standard,
      name: 'Standard',
      status: 'active',
    });
    expect(again.json()).toEqual(first.json());

    const current = await call(member, 'GET', '/user/subscription-plan');
    expect(current.json().data.activeSubscriptions).toEqual([first.json().data.subscription]);

    // The card number is never stored: brand and last four only.
    const row = await server.app.ctx.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', checkout.session_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', card_brand: 'Visa', card_last4: '4242' });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    // The receipt, the history and the mail agree with the details to the paisa.
    const payments = (await call(member, 'GET', '/user/payments')).json().data;
    expect(payments).toEqual([
      expect.objectContaining({
        plan_name: 'Standard',
        amount: 423.74,
        currency: 'INR',
        card_brand: 'Visa',
        card_last4: '4242',
      }),
    ]);
    const receipt = (await call(member, 'GET', `/user/payments/${payments[0].id}/receipt`)).json().data;
    expect(receipt.details).toMatchObject({
      subtotal: 359.1,
      tax_array: [{ name: 'GST', value: 18, tax_amount: 64.64 }],
      total: 423.74,
    });
    expect(receipt).toMatchObject({ member_email: 'payer@example.com', site_name: 'Reeltime' });
    const mail = await server.app.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'payer@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Reeltime receipt for Standard');
    expect(mail.text_body).toContain('GST (18%): ₹64.64');
    expect(mail.text_body).toContain('Total paid: ₹423.74');

    // A paid checkout cannot be paid twice.
    const twice = await pay(checkout.session_id);
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('already paid');
  });

  it('shows a declined card and insufficient funds on the page, and activates nothing', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(member, basic);
    const declined = await pay(checkout.session_id, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(CardMessages.declined);
    const poor = await pay(checkout.session_id, { number: '4000000000009995' });
    expect(poor.body).toContain(CardMessages.insufficientFunds);
    expect((await confirm(member, checkout.session_id)).statusCode).toBe(402);
    expect((await call(member, 'GET', '/user/subscription-plan')).json().data.activeSubscriptions).toEqual(
      [],
    );
  });

  it('checks the card fields with messages next to them', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(member, basic);
    const res = await pay(checkout.session_id, {
      number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '12',
      name: ' ',
    });
    expect(res.statusCode).toBe(422);
    for (const message of [
      CardMessages.numberInvalid,
      CardMessages.expiryPast,
      CardMessages.cvcInvalid,
      CardMessages.nameRequired,
    ]) {
      expect(res.body).toContain(message);
    }
    const badExpiry = await pay(checkout.session_id, { expiry: '13/30' });
    expect(badExpiry.body).toContain(CardMessages.expiryInvalid);
    // Text written into the page is escaped.
    const hostile = await pay(checkout.session_id, { name: '<script>alert(1)</script>', cvc: 'x' });
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('&#60;script&#62;');
  });

  it('lets a checkout expire after 30 minutes, and answers an unknown one with 404', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(member, basic);
    await server.app.ctx.db
      .updateTable('checkout_sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', checkout.session_id)
      .execute();
    const late = await pay(checkout.session_id);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('expired');
    expect((await server.app.inject({ method: 'GET', url: '/checkout/cs_test_nope' })).statusCode).toBe(404);
  });

  it("never confirms another member's checkout", async () => {
    const owner = await signUp(server.app);
    const other = await signUp(server.app);
    const checkout = await openCheckout(owner, basic);
    await pay(checkout.session_id);
    const res = await confirm(other, checkout.session_id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ServerMessages.checkoutNotFound);
  });

  it('creates exactly one subscription for fifty concurrent confirmations of one session', async () => {
    const member = await signUp(server.app);
    const checkout = await openCheckout(member, basic);
    await server.app.ctx.db
      .updateTable('checkout_sessions')
      .set({ status: 'paid', paid_at: Date.now(), card_brand: 'Visa', card_last4: '4242' })
      .where('id', '=', checkout.session_id)
      .execute();
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(member, checkout.session_id)));
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((res) => res.json().data.subscription.id)).size).toBe(1);
    const rows = await server.app.ctx.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
    const payments = await server.app.ctx.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(payments).toHaveLength(1);
  });
});

describe('changing and cancelling', () => {
  const subscriptionsOf = (memberId: number) =>
    server.app.ctx.db
      .selectFrom('subscriptions')
      .select(['id', 'plan_id', 'status', 'end_date', 'ends_at'])
      .where('user_id', '=', memberId)
      .orderBy('id')
      .execute();
  const paymentsOf = (memberId: number) =>
    server.app.ctx.db
      .selectFrom('payments')
      .select(['subscription_id', 'amount_minor', 'period_start', 'period_end'])
      .where('user_id', '=', memberId)
      .orderBy('id')
      .execute();

  it('never sells the current plan again: it is extended by a full period, priced and labelled as such', async () => {
    const member = await signUp(server.app);
    await pay((await openCheckout(member, standard)).session_id);
    const [bought] = await subscriptionsOf(member.id);
    const plans = (await call(member, 'GET', '/user/subscription-plan')).json().data.activeSubscriptions;
    expect(plans).toEqual([
      expect.objectContaining({ plan_id: standard, can_extend: true, renews_automatically: false }),
    ]);

    const details = (await call(member, 'POST', `/user/get-payment-details?plan_id=${standard}`)).json().data;
    expect(details).toMatchObject({
      change: 'extend',
      total: 423.74,
      new_end_date: isoDay(addMonths(bought!.ends_at, 1)),
    });
    expect(details.credit).toBeUndefined();

    const extension = await openCheckout(member, standard);
    await pay(extension.session_id);
    const confirmed = await confirm(member, extension.session_id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.subscription).toMatchObject({
      id: bought!.id,
      status: 'active',
      end_date: isoDay(addMonths(bought!.ends_at, 1)),
    });
    expect(await subscriptionsOf(member.id)).toEqual([
      expect.objectContaining({ id: bought!.id, status: 'active', ends_at: addMonths(bought!.ends_at, 1) }),
    ]);
    const payments = await paymentsOf(member.id);
    expect(payments).toHaveLength(2);
    expect(payments[1]).toEqual({
      subscription_id: bought!.id,
      amount_minor: 42_374,
      period_start: bought!.ends_at,
      period_end: addMonths(bought!.ends_at, 1),
    });
  });

  it('a checkout left open in another tab adds a period instead of paying for the same one twice', async () => {
    const member = await signUp(server.app);
    const firstTab = await openCheckout(member, standard);
    const secondTab = await openCheckout(member, standard);
    await pay(firstTab.session_id);
    const [bought] = await subscriptionsOf(member.id);
    await pay(secondTab.session_id);
    expect(await subscriptionsOf(member.id)).toEqual([
      expect.objectContaining({ id: bought!.id, ends_at: addMonths(bought!.ends_at, 1) }),
    ]);
  });

  it('labels a change of plan as an upgrade or a downgrade, with its credit and new end date', async () => {
    const member = await signUp(server.app);
    await pay((await openCheckout(member, basic)).session_id);
    const up = (await call(member, 'POST', `/user/get-payment-details?plan_id=${standard}`)).json().data;
    expect(up).toMatchObject({ change: 'upgrade', new_end_date: isoDay(addMonths(Date.now(), 1)) });
    expect(up.credit.amount).toBeGreaterThan(0);
    await pay((await openCheckout(member, standard)).session_id);
    const down = (await call(member, 'POST', `/user/get-payment-details?plan_id=${basic}`)).json().data;
    expect(down).toMatchObject({ change: 'downgrade' });
    expect(down.credit.description).toMatch(/^Credit for \d+ unused days of Standard$/);
  });

  it('refuses the current plan when the gateway renews it by itself', async () => {
    const member = await signUp(server.app);
    const { subscriptionId } = await subscribe(server.app, member.id, standard);
    await server.app.ctx.db
      .updateTable('subscriptions')
      .set({ gateway_subscription_id: 'sub_renewing' })
      .where('id', '=', subscriptionId)
      .execute();
    const [row] = await subscriptionsOf(member.id);
    const res = await call(member, 'POST', `/user/get-payment-details?plan_id=${standard}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ServerMessages.planRenewsAutomatically('Standard', row!.end_date));
    const checkout = await call(member, 'POST', '/user/process-payment', {
      plan_id: standard,
      payment_method: 'stripe',
      price: 423.74,
    });
    expect(checkout.statusCode).toBe(409);
    const plans = (await call(member, 'GET', '/user/subscription-plan')).json().data.activeSubscriptions;
    expect(plans).toEqual([expect.objectContaining({ renews_automatically: true, can_extend: false })]);
  });

  it('credits the unused days of the current plan, and the new plan replaces it at payment', async () => {
    const member = await signUp(server.app);
    const first = await openCheckout(member, basic);
    await pay(first.session_id);
    const details = (await call(member, 'POST', `/user/get-payment-details?plan_id=${standard}`)).json().data;
    expect(details.credit.description).toMatch(/^Credit for \d+ unused days of Basic$/);
    expect(details.credit.amount).toBeGreaterThan(0);
    expect(details.total).toBeCloseTo(423.74 - details.credit.amount, 2);
    const second = await openCheckout(member, standard);
    await pay(second.session_id);
    const current = (await call(member, 'GET', '/user/subscription-plan')).json().data.activeSubscriptions;
    expect(current).toEqual([expect.objectContaining({ name: 'Standard', status: 'active' })]);
    const statuses = await server.app.ctx.db
      .selectFrom('subscriptions')
      .select(['plan_id', 'status'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { plan_id: basic, status: 'expired' },
      { plan_id: standard, status: 'active' },
    ]);
  });

  it('cancels at the end of the period: access stays, the banner data says so, a mail confirms', async () => {
    const member = await signUp(server.app, { email: 'leaver@example.com' });
    const { subscriptionId } = await subscribe(server.app, member.id, basic);
    const res = await call(member, 'POST', `/user/cancle-subscription?id=${subscriptionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: subscriptionId, status: 'cancelled' });
    const current = (await call(member, 'GET', '/user/subscription-plan')).json().data.activeSubscriptions;
    expect(current).toEqual([expect.objectContaining({ id: subscriptionId, status: 'cancelled' })]);
    const mail = await server.app.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'leaver@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`You can keep watching until ${current[0].end_date}`);
    // Again: same answer, no second mail.
    expect(
      (await call(member, 'POST', `/user/cancle-subscription?id=${subscriptionId}`)).json().data.status,
    ).toBe('cancelled');
    const mails = await server.app.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'leaver@example.com')
      .execute();
    expect(mails).toHaveLength(1);
  });

  it("refuses another member's subscription with 403 and an unknown one with 404", async () => {
    const owner = await signUp(server.app);
    const other = await signUp(server.app);
    const { subscriptionId } = await subscribe(server.app, owner.id, basic);
    expect((await call(other, 'POST', `/user/cancle-subscription?id=${subscriptionId}`)).statusCode).toBe(
      403,
    );
    expect((await call(other, 'POST', '/user/cancle-subscription?id=999999')).statusCode).toBe(404);
    expect((await call(null, 'POST', `/user/cancle-subscription?id=${subscriptionId}`)).statusCode).toBe(401);
    const receiptOfOther = await call(other, 'GET', '/user/payments/1/receipt');
    expect(receiptOfOther.statusCode).toBe(404);
  });

  it('ends access when the period is over, through the expiry job', async () => {
    const member = await signUp(server.app);
    const { subscriptionId } = await subscribe(server.app, member.id, basic);
    await server.app.ctx.db
      .updateTable('subscriptions')
      .set({ ends_at: Date.now() - 1 })
      .where('id', '=', subscriptionId)
      .execute();
    expect((await call(member, 'GET', '/user/subscription-plan')).json().data.activeSubscriptions).toEqual(
      [],
    );
    const job = await server.app.ctx.jobs.enqueue('billing.expire-subscription', { subscriptionId });
    await server.app.jobs.runJob(job.id);
    const row = await server.app.ctx.db
      .selectFrom('subscriptions')
      .select('status')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });
});

describe('what a plan unlocks', () => {
  let paidTitle: number;
  let freeTitle: number;
  beforeAll(async () => {
    const db = server.app.ctx.db;
    paidTitle = await insertTitle(db, { name: 'Members Only' });
    freeTitle = await insertTitle(db, { name: 'Free For All', is_free: 1 });
    for (const titleId of [paidTitle, freeTitle]) {
      await db
        .insertInto('videos')
        .values({
          title_id: titleId,
          episode_id: null,
          kind: 'main',
          type: 'hls',
          url: `/media/private/videos/${titleId}/master.m3u8`,
          quality: 'auto',
          status: 'ready',
          position: 1,
          source_path: null,
          duration_seconds: 60,
          created_at: Date.now(),
          job_id: null,
          last_error: null,
        })
        .execute();
    }
  });
  const details = async (member: Member, titleId: number) =>
    (await call(member, 'GET', `/user/movie-details/${titleId}`)).json().data as {
      video_links: unknown[];
      needs_plan: boolean;
    };

  it('gives a member without a plan the trailer and a call to choose one, except on free titles', async () => {
    const member = await signUp(server.app);
    expect(await details(member, paidTitle)).toMatchObject({ video_links: [], needs_plan: true });
    const free = await details(member, freeTitle);
    expect(free.needs_plan).toBe(false);
    expect(free.video_links).toHaveLength(1);
  });

  it('gives a member with a plan the full video, and takes it away when the plan ends', async () => {
    const member = await signUp(server.app);
    const { subscriptionId } = await subscribe(server.app, member.id, standard);
    const entitled = await details(member, paidTitle);
    expect(entitled.needs_plan).toBe(false);
    expect(entitled.video_links).toHaveLength(1);
    await server.app.ctx.db
      .updateTable('subscriptions')
      .set({ ends_at: Date.now() - 1 })
      .where('id', '=', subscriptionId)
      .execute();
    await server.app.ctx.cache.delete(`member:${member.id}:plan`);
    expect(await details(member, paidTitle)).toMatchObject({ video_links: [], needs_plan: true });
  });

  it('unlocks the title as soon as the member pays', async () => {
    const member = await signUp(server.app);
    expect((await details(member, paidTitle)).needs_plan).toBe(true);
    const checkout = await openCheckout(member, basic);
    await pay(checkout.session_id);
    expect((await details(member, paidTitle)).needs_plan).toBe(false);
  });
});
