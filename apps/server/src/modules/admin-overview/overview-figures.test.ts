import { Readable } from 'node:stream';
import { API_BASE, type AdminOverview } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, isoDay } from '../../lib/time';
import { insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUp, signUpAdmin } from '../../testing/http';

const OVERVIEW = `${API_BASE}/admin/overview`;

type Account = Awaited<ReturnType<typeof signUpAdmin>>;

describe('GET /admin/overview figures', () => {
  let server: TestServer;
  let admin: Account;
  const db = () => server.app.ctx.db;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpAdmin(server.app);
  });
  afterAll(() => server.close());

  const overview = async () => {
    const res = await server.app.inject({ url: OVERVIEW, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    return res.json().data as AdminOverview;
  };

  it('counts new members, active subscriptions per plan, this month’s revenue, daily views, storage and failures', async () => {
    const now = Date.now();
    // Media on disk before the first overview, which measures it and keeps the figure for a minute.
    await server.app.ctx.files.write('private/videos/1/360p/seg_00000.ts', Readable.from(Buffer.alloc(3000)));
    await server.app.ctx.files.write('private/videos/1/master.m3u8', Readable.from(Buffer.alloc(100)));
    await server.app.ctx.files.write('uploads/posters/a.webp', Readable.from(Buffer.alloc(250)));

    const oldMember = await signUp(server.app);
    await db()
      .updateTable('users')
      .set({ created_at: now - 10 * DAY_MS })
      .where('id', '=', oldMember.id)
      .execute();
    const member = await signUp(server.app);
    const lapsed = await signUp(server.app);

    const basic = await insertPlan(server.app, { name: 'Basic', position: 1 });
    const premium = await insertPlan(server.app, { name: 'Premium', position: 2 });
    const { subscriptionId } = await subscribe(server.app, member.id, premium);
    const expired = await subscribe(server.app, lapsed.id, premium);
    await db()
      .updateTable('subscriptions')
      .set({ ends_at: now - DAY_MS })
      .where('id', '=', expired.subscriptionId)
      .execute();

    const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    const payment = (amount: number, currency: string, paidAt: number) => ({
      user_id: member.id,
      plan_id: premium,
      subscription_id: subscriptionId,
      checkout_session_id: null,
      amount_minor: amount,
      currency,
      breakdown_json: '{}',
      card_brand: null,
      card_last4: null,
      period_start: paidAt,
      period_end: paidAt + 30 * DAY_MS,
      paid_at: paidAt,
    });
    await db()
      .insertInto('payments')
      .values([
        payment(49_900, 'INR', now),
        payment(19_900, 'INR', monthStart),
        payment(1_000, 'USD', now),
        payment(77_700, 'INR', monthStart - 1),
      ])
      .execute();

    const first = await insertTitle(db());
    const second = await insertTitle(db());
    await db()
      .insertInto('title_daily_views')
      .values([
        { title_id: first, day: isoDay(now), views: 4 },
        { title_id: second, day: isoDay(now), views: 3 },
        { title_id: first, day: isoDay(now - 5 * DAY_MS), views: 2 },
        { title_id: first, day: isoDay(now - 29 * DAY_MS), views: 1 },
        { title_id: first, day: isoDay(now - 30 * DAY_MS), views: 50 },
      ])
      .execute();

    for (let index = 0; index < 12; index++) {
      await db()
        .insertInto('jobs')
        .values({
          type: index % 2 ? 'mail.deliver' : 'media.transcode',
          payload: '{}',
          status: 'failed',
          progress: 0,
          attempts: 3,
          max_attempts: 3,
          last_error: `boom ${index}`,
          run_at: now,
          created_at: now,
          updated_at: now - (12 - index) * 1000,
        })
        .execute();
    }

    const data = await overview();
    expect(data.members).toBe(4);
    expect(data.members_new_7_days).toBe(3);
    expect(data.subscriptions_by_plan).toEqual([
      { plan_id: basic, plan_name: 'Basic', active: 0 },
      { plan_id: premium, plan_name: 'Premium', active: 1 },
    ]);
    expect(data.revenue_this_month).toEqual([
      { currency: 'INR', amount_minor: 69_800, payments: 2 },
      { currency: 'USD', amount_minor: 1_000, payments: 1 },
    ]);

    expect(data.views_per_day).toHaveLength(30);
    expect(data.views_per_day.at(-1)).toEqual({ day: isoDay(now), views: 7 });
    expect(data.views_per_day[0]).toEqual({ day: isoDay(now - 29 * DAY_MS), views: 1 });
    expect(data.views_per_day.find((entry) => entry.day === isoDay(now - 5 * DAY_MS))?.views).toBe(2);
    expect(data.views_per_day.reduce((sum, entry) => sum + entry.views, 0)).toBe(10);

    expect(data.storage).toMatchObject({ video_bytes: 3100, image_bytes: 250, total_bytes: 3350 });
    expect(data.jobs.failed).toBe(12);
    expect(data.recent_job_failures).toHaveLength(10);
    expect(data.recent_job_failures[0]).toMatchObject({
      type: 'mail.deliver',
      error: 'boom 11',
      attempts: 3,
    });
    expect(data.recent_job_failures.map((job) => job.error)).not.toContain('boom 1');
    expect(Date.parse(data.recent_job_failures[0]!.failed_at)).toBe(now - 1000);
  });

  it('keeps the storage figure for a minute instead of walking the files on every load', async () => {
    const before = (await overview()).storage;
    await server.app.ctx.files.write('private/videos/2/master.m3u8', Readable.from(Buffer.alloc(999)));
    expect((await overview()).storage).toEqual(before);
    await server.app.ctx.cache.delete('admin-overview:storage');
    expect((await overview()).storage.video_bytes).toBe(before.video_bytes + 999);
  });

  it('counts a cancelled subscription that still runs, as the plans console does', async () => {
    const member = await signUp(server.app);
    const family = await insertPlan(server.app, { name: 'Family', position: 3 });
    const { subscriptionId } = await subscribe(server.app, member.id, family);
    await db()
      .updateTable('subscriptions')
      .set({ status: 'cancelled', cancelled_at: Date.now() })
      .where('id', '=', subscriptionId)
      .execute();

    const onOverview = (await overview()).subscriptions_by_plan.find((row) => row.plan_id === family);
    expect(onOverview?.active).toBe(1);
    const plans = await server.app.inject({ url: `${API_BASE}/admin/plans`, headers: admin.auth });
    expect(plans.statusCode).toBe(200);
    const onPlans = (plans.json().data.plans as Array<{ id: number; current_subscribers: number }>).find(
      (plan) => plan.id === family,
    );
    expect(onPlans?.current_subscribers).toBe(onOverview?.active);
  });
});
