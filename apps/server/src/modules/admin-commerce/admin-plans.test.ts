import { AdminCommerceMessages as M, type AdminPlan, type AdminPlanList } from '@reeltime/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUp, signUpAdmin } from '../../testing/http';
import { createEntitlementService } from '../billing/entitlement.service';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let member: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
  member = await signUp(server.app);
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const asAdmin = (method: Method, url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: admin.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asMember = (
  who: { auth: Record<string, string> },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => server.app.inject({ method, url: `/api/v1${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

const listPlans = async () => (await asAdmin('GET', '/admin/plans')).json().data as AdminPlanList;
const memberPlans = async () =>
  (await asMember(member, 'GET', '/user/plans')).json().data as Array<{
    plan_id: number;
    name: string;
    total_price: number;
  }>;
const paymentDetails = (who: { auth: Record<string, string> }, planId: number) =>
  asMember(who, 'POST', `/user/get-payment-details?plan_id=${planId}`);
const auditOf = (entityId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'plan')
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
const counts = async () => ({
  plans: (await db().selectFrom('plans').select('id').execute()).length,
  audit: (await db().selectFrom('audit_log').select('id').execute()).length,
});

let planNumber = 0;
const newPlanBody = (fields: Record<string, unknown> = {}) => ({
  name: `Plan ${++planNumber}`,
  price_minor: 29_900,
  duration: 'month',
  duration_value: 1,
  max_height: 1080,
  screens: 2,
  ...fields,
});
async function createPlan(fields: Record<string, unknown> = {}): Promise<AdminPlan> {
  const res = await asAdmin('POST', '/admin/plans', newPlanBody(fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as AdminPlan;
}

beforeEach(async () => {
  await db().deleteFrom('taxes').execute();
});

describe('GET /admin/plans', () => {
  it('lists every plan, inactive ones too, with its limits, the texts members see and whether it was bought', async () => {
    const basic = await insertPlan(server.app, {
      name: 'Listed basic',
      price_minor: 14_900,
      max_height: 720,
      screens: 1,
      profiles: 2,
      has_ads: 1,
    });
    const hidden = await insertPlan(server.app, {
      name: 'Listed hidden',
      price_minor: 50_000,
      discount_percent: 10,
    });
    await db().updateTable('plans').set({ is_active: 0 }).where('id', '=', hidden).execute();
    await subscribe(server.app, (await signUp(server.app)).id, basic);

    const list = await listPlans();
    expect(list).toMatchObject({ currency: 'INR', stripe_configured: false });
    expect(list.plans.find((plan) => plan.id === basic)).toEqual({
      id: basic,
      name: 'Listed basic',
      description: null,
      price_minor: 14_900,
      discount_percent: 0,
      price_after_discount_minor: 14_900,
      currency: 'INR',
      duration: 'month',
      duration_value: 1,
      max_height: 720,
      screens: 1,
      profiles: 2,
      has_ads: true,
      is_active: true,
      position: 1,
      limitations: [
        { limitation_title: 'Video quality', limitation_value: true, limit: 'Up to 720p' },
        { limitation_title: 'Screens at the same time', limitation_value: true, limit: '1 screen' },
        { limitation_title: 'Profiles', limitation_value: true, limit: '2 profiles' },
        { limitation_title: 'Ad-free', limitation_value: false, limit: 'Ads on the browse page' },
      ],
      current_subscribers: 1,
      bought: true,
      stripe: null,
    });
    expect(list.plans.find((plan) => plan.id === hidden)).toMatchObject({
      is_active: false,
      price_after_discount_minor: 45_000,
      current_subscribers: 0,
      bought: false,
    });
  });
});

describe('POST /admin/plans', () => {
  it('creates a plan members can buy at once, with an audit entry', async () => {
    const plan = await createPlan({
      name: '  Family  ',
      description: 'Four screens in 4K',
      price_minor: 79_900,
      discount_percent: 12.5,
      duration: 'year',
      duration_value: 1,
      max_height: 2160,
      screens: 4,
      profiles: 5,
    });
    expect(plan).toMatchObject({
      name: 'Family',
      profiles: 5,
      description: 'Four screens in 4K',
      price_minor: 79_900,
      discount_percent: 12.5,
      price_after_discount_minor: 69_912,
      duration: 'year',
      has_ads: false,
      is_active: true,
      position: 0,
      bought: false,
    });
    expect(plan.limitations[0]).toMatchObject({ limit: 'Up to 4K' });
    expect(plan.limitations).toContainEqual({
      limitation_title: 'Profiles',
      limitation_value: true,
      limit: '5 profiles',
    });
    expect(await memberPlans()).toContainEqual(
      expect.objectContaining({ plan_id: plan.id, name: 'Family', total_price: 699.12, profiles: 5 }),
    );

    const [entry] = await auditOf(plan.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: 'plan.create',
      before: null,
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: 'Family', price_minor: 79_900, is_active: true });
  });

  it.each([
    ['a negative price', { price_minor: -100 }, 'price_minor'],
    ['a zero price', { price_minor: 0 }, 'price_minor'],
    ['a price in rupees with decimals', { price_minor: 199.5 }, 'price_minor'],
    ['a price Stripe cannot take', { price_minor: 100_000_000 }, 'price_minor'],
    ['a price as text', { price_minor: '19900' }, 'price_minor'],
    ['a discount over 100', { discount_percent: 101 }, 'discount_percent'],
    ['a discount of 100', { discount_percent: 100 }, 'discount_percent'],
    ['a negative discount', { discount_percent: -5 }, 'discount_percent'],
    ['a discount with three decimals', { discount_percent: 10.125 }, 'discount_percent'],
    ['no duration', { duration_value: 0 }, 'duration_value'],
    ['37 months', { duration_value: 37 }, 'duration_value'],
    ['4 years', { duration: 'year', duration_value: 4 }, 'duration_value'],
    ['a week', { duration: 'week' }, 'duration'],
    ['a huge name', { name: 'x'.repeat(101) }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a huge description', { description: 'x'.repeat(501) }, 'description'],
    ['a quality no rendition has', { max_height: 1000 }, 'max_height'],
    ['no screens', { screens: 0 }, 'screens'],
    ['a thousand screens', { screens: 1000 }, 'screens'],
    ['no profiles', { profiles: 0 }, 'profiles'],
    ['more profiles than an account may ever have', { profiles: 21 }, 'profiles'],
    ['profiles as text', { profiles: '4' }, 'profiles'],
    ['ads as text', { has_ads: 'yes' }, 'has_ads'],
    ['a negative order', { position: -1 }, 'position'],
  ])('refuses %s with 422 on the field and writes nothing', async (_name, fields, field) => {
    const before = await counts();
    const res = await asAdmin('POST', '/admin/plans', newPlanBody(fields));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().status).toBe(false);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown field, a missing one, and a name another plan has', async () => {
    const before = await counts();
    const unknown = await asAdmin('POST', '/admin/plans', newPlanBody({ price: 199 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ price: ['Unknown field: price'] });
    const { name: _name, ...nameless } = newPlanBody();
    const missing = await asAdmin('POST', '/admin/plans', nameless);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.name).toEqual([M.nameRequired]);
    await insertPlan(server.app, { name: 'Taken name' });
    const taken = await asAdmin('POST', '/admin/plans', newPlanBody({ name: 'TAKEN NAME' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual([M.planNameTaken]);
    expect(await counts()).toEqual({ ...before, plans: before.plans + 1 });
  });
});

describe('PATCH /admin/plans/:id', () => {
  it('changes the price for new checkouts, audited before and after', async () => {
    const plan = await createPlan({ price_minor: 20_000 });
    await db().insertInto('taxes').values({ name: 'GST', percent: 18, is_active: 1 }).execute();
    expect((await paymentDetails(member, plan.id)).json().data).toMatchObject({ price: 200, total: 236 });

    const res = await asAdmin('PATCH', `/admin/plans/${plan.id}`, {
      price_minor: 25_050,
      discount_percent: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.planSaved,
      data: { price_minor: 25_050, discount_percent: 10, price_after_discount_minor: 22_545 },
    });
    expect((await paymentDetails(member, plan.id)).json().data).toMatchObject({
      price: 250.5,
      discount: '10% off',
      subtotal: 225.45,
      tax_array: [{ name: 'GST', value: 18, tax_amount: 40.58 }],
      total: 266.03,
    });
    const update = (await auditOf(plan.id)).find((entry) => entry.action === 'plan.update')!;
    expect(JSON.parse(update.before!)).toMatchObject({ price_minor: 20_000, discount_percent: 0 });
    expect(JSON.parse(update.after!)).toMatchObject({ price_minor: 25_050, discount_percent: 10 });
  });

  it('keeps the price of a checkout opened before the change: the member pays what they were shown', async () => {
    const plan = await createPlan({ price_minor: 30_000 });
    const buyer = await signUp(server.app);
    const shown = (await paymentDetails(buyer, plan.id)).json().data;
    const opened = await asMember(buyer, 'POST', '/user/process-payment', {
      plan_id: plan.id,
      payment_method: 'stripe',
      price: shown.total,
    });
    expect(opened.statusCode).toBe(200);
    const sessionId = opened.json().data.session_id as string;

    expect((await asAdmin('PATCH', `/admin/plans/${plan.id}`, { price_minor: 45_000 })).statusCode).toBe(200);

    const paid = await server.app.inject({
      method: 'POST',
      url: `/checkout/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4242+4242+4242+4242&expiry=12%2F34&cvc=123&name=Test+Payer',
    });
    expect(paid.statusCode).toBeLessThan(400);
    expect(
      (await asMember(buyer, 'POST', '/user/payment-success', { session_id: sessionId, gateway: 'stripe' }))
        .statusCode,
    ).toBe(200);
    const payments = (await asMember(buyer, 'GET', '/user/payments')).json().data as Array<{
      amount: number;
    }>;
    expect(payments.map((payment) => payment.amount)).toEqual([300]);

    // A checkout opened with the old total after the change is told the price changed.
    const late = await asMember(member, 'POST', '/user/process-payment', {
      plan_id: plan.id,
      payment_method: 'stripe',
      price: 300,
    });
    expect(late.statusCode).toBe(409);
    expect((await paymentDetails(member, plan.id)).json().data.total).toBe(450);
  });

  it('deactivates a plan: members no longer see or buy it, and the console still lists it', async () => {
    const plan = await createPlan();
    const res = await asAdmin('PATCH', `/admin/plans/${plan.id}`, { is_active: false });
    expect(res.json().data).toMatchObject({ is_active: false });
    expect((await memberPlans()).map((item) => item.plan_id)).not.toContain(plan.id);
    expect((await paymentDetails(member, plan.id)).statusCode).toBe(404);
    expect((await listPlans()).plans.map((item) => item.id)).toContain(plan.id);
    expect(
      (await asAdmin('PATCH', `/admin/plans/${plan.id}`, { is_active: true })).json().data.is_active,
    ).toBe(true);
    expect((await memberPlans()).map((item) => item.plan_id)).toContain(plan.id);
  });

  it('renames, reorders and changes limits; members on the plan get the new limits on their next request', async () => {
    const plan = await createPlan({ max_height: 720, screens: 1, has_ads: true });
    const subscriber = await signUp(server.app);
    await subscribe(server.app, subscriber.id, plan.id);
    const entitlement = createEntitlementService(server.app.ctx);
    expect(await entitlement.currentPlan(subscriber.id)).toMatchObject({ maxHeight: 720, screens: 1 });

    const res = await asAdmin('PATCH', `/admin/plans/${plan.id}`, {
      name: 'Renamed',
      position: 7,
      max_height: 1080,
      screens: 3,
      profiles: 4,
      has_ads: false,
    });
    expect(res.json().data).toMatchObject({
      name: 'Renamed',
      position: 7,
      profiles: 4,
      limitations: [
        { limit: 'Up to 1080p' },
        { limit: '3 screens' },
        { limitation_title: 'Profiles', limit: '4 profiles' },
        { limitation_title: 'Ad-free', limitation_value: true, limit: 'No ads' },
      ],
      current_subscribers: 1,
    });
    expect(await entitlement.currentPlan(subscriber.id)).toMatchObject({
      maxHeight: 1080,
      screens: 3,
      profiles: 4,
      hasAds: false,
    });
    const household = await server.app.inject({
      method: 'GET',
      url: '/api/v1/user/profiles',
      headers: subscriber.auth,
    });
    expect(household.json().data.max_profiles).toBe(4);
  });

  it('checks a year duration against the stored one, and refuses bad patches without writing', async () => {
    const plan = await createPlan({ duration: 'month', duration_value: 12 });
    const before = await counts();
    const years = await asAdmin('PATCH', `/admin/plans/${plan.id}`, { duration: 'year' });
    expect(years.statusCode).toBe(422);
    expect(years.json().errors.duration_value).toEqual([M.durationValueInvalid]);
    expect((await asAdmin('PATCH', `/admin/plans/${plan.id}`, {})).statusCode).toBe(422);
    expect((await asAdmin('PATCH', `/admin/plans/${plan.id}`, { price_minor: -1 })).statusCode).toBe(422);
    expect((await asAdmin('PATCH', `/admin/plans/${plan.id}`, { discount_percent: 150 })).statusCode).toBe(
      422,
    );
    expect((await asAdmin('PATCH', `/admin/plans/${plan.id}`, { name: 'x'.repeat(5000) })).statusCode).toBe(
      422,
    );
    expect((await asAdmin('PATCH', `/admin/plans/${plan.id}`, { description: 'Nul\u0000' })).statusCode).toBe(
      422,
    );
    expect((await asAdmin('PATCH', '/admin/plans/abc', { price_minor: 100 })).statusCode).toBe(422);
    expect(await counts()).toEqual(before);
    expect(
      (await db().selectFrom('plans').selectAll().where('id', '=', plan.id).executeTakeFirst())?.duration,
    ).toBe('month');

    const both = await asAdmin('PATCH', `/admin/plans/${plan.id}`, { duration: 'year', duration_value: 1 });
    expect(both.json().data).toMatchObject({ duration: 'year', duration_value: 1 });
    const missing = await asAdmin('PATCH', '/admin/plans/999999', { price_minor: 100 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.planNotFound);
  });
});

describe('DELETE /admin/plans/:id', () => {
  it('deletes a plan nobody bought, audited', async () => {
    const plan = await createPlan();
    const res = await asAdmin('DELETE', `/admin/plans/${plan.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: M.planDeleted, data: null });
    expect((await listPlans()).plans.map((item) => item.id)).not.toContain(plan.id);
    expect((await auditOf(plan.id)).map((entry) => entry.action)).toEqual(['plan.create', 'plan.delete']);
    expect((await asAdmin('DELETE', `/admin/plans/${plan.id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 to delete a plan someone bought or checked out, and keeps it', async () => {
    const bought = await createPlan();
    await subscribe(server.app, (await signUp(server.app)).id, bought.id);
    const checkedOut = await createPlan();
    const buyer = await signUp(server.app);
    const total = (await paymentDetails(buyer, checkedOut.id)).json().data.total;
    await asMember(buyer, 'POST', '/user/process-payment', {
      plan_id: checkedOut.id,
      payment_method: 'stripe',
      price: total,
    });

    const before = await counts();
    for (const plan of [bought, checkedOut]) {
      const res = await asAdmin('DELETE', `/admin/plans/${plan.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: false, message: M.planBought });
    }
    expect(await counts()).toEqual(before);
    expect((await listPlans()).plans.filter((plan) => plan.bought).map((plan) => plan.id)).toEqual(
      expect.arrayContaining([bought.id, checkedOut.id]),
    );
  });
});
