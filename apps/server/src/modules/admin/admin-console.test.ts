import { Readable } from 'node:stream';
import {
  AdminConsoleMessages,
  API_BASE,
  type AdminOverview,
  type AuditEntry,
  type SiteSettings,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, isoDay } from '../../lib/time';
import { insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUp, signUpAdmin } from '../../testing/http';
import { recordAudit } from '../audit/audit';

const OVERVIEW = `${API_BASE}/admin/overview`;
const AUDIT = `${API_BASE}/admin/audit`;
const SETTINGS = `${API_BASE}/admin/settings`;
const PUBLIC_SETTINGS = `${API_BASE}/site-settings`;

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
});

describe('site settings', () => {
  let server: TestServer;
  let admin: Account;
  const db = () => server.app.ctx.db;

  beforeAll(async () => {
    server = await startTestServer({
      APP_NAME: 'Reeltime Test',
      AD_SLOT_URL: 'https://ads.config.example/slot',
    });
    admin = await signUpAdmin(server.app);
  });
  afterAll(() => server.close());

  const put = (payload: unknown) =>
    server.app.inject({ method: 'PUT', url: SETTINGS, headers: admin.auth, payload: payload as object });
  const auditRows = () =>
    db().selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').execute();
  const settingsRows = () => db().selectFrom('settings').selectAll().execute();
  const frameSrc = (headers: Record<string, unknown>) =>
    /frame-src ([^;]+)/.exec(headers['content-security-policy'] as string)?.[1] ?? '';

  it('starts from the config: APP_NAME, sign-ups open and AD_SLOT_URL, in the page and its frame policy', async () => {
    const res = await server.app.inject({ url: SETTINGS, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      site_name: 'Reeltime Test',
      signups_open: true,
      ad_slot_url: 'https://ads.config.example/slot',
      updated_at: null,
    });
    const page = await server.app.inject({ url: '/browse' });
    expect(page.body).toContain('<title>Reeltime Test</title>');
    expect(page.body).toContain('<meta name="ad-slot-url" content="https://ads.config.example/slot" />');
    expect(page.body).toContain('<meta name="signups-open" content="true" />');
    expect(frameSrc(page.headers)).toContain('https://ads.config.example');
  });

  it.each([
    [
      { site_name: '', signups_open: true, ad_slot_url: '' },
      'site_name',
      AdminConsoleMessages.siteNameRequired,
    ],
    [
      { site_name: '   ', signups_open: true, ad_slot_url: '' },
      'site_name',
      AdminConsoleMessages.siteNameRequired,
    ],
    [
      { site_name: 'x'.repeat(61), signups_open: true, ad_slot_url: '' },
      'site_name',
      AdminConsoleMessages.siteNameTooLong,
    ],
    [
      { site_name: 'A', signups_open: 'yes', ad_slot_url: '' },
      'signups_open',
      AdminConsoleMessages.signupsOpenInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: 'http://ads.example.com' },
      'ad_slot_url',
      AdminConsoleMessages.adSlotUrlInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: 'javascript:alert(1)' },
      'ad_slot_url',
      AdminConsoleMessages.adSlotUrlInvalid,
    ],
    [
      { site_name: 'A', signups_open: true, ad_slot_url: 'https://u:p@ads.example.com' },
      'ad_slot_url',
      AdminConsoleMessages.adSlotUrlInvalid,
    ],
    [{ site_name: 'A', signups_open: true }, 'ad_slot_url', AdminConsoleMessages.adSlotUrlInvalid],
  ])('refuses %j with 422 on %s and writes nothing', async (payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().status).toBe(false);
    expect(res.json().errors[field]).toContain(message);
    expect(await settingsRows()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a field it does not know', async () => {
    const res = await put({ site_name: 'A', signups_open: true, ad_slot_url: '', theme: 'pink' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: false,
      message: 'Unknown field: theme',
      errors: { theme: ['Unknown field: theme'] },
    });
    expect(await settingsRows()).toEqual([]);
  });

  it('saves every setting with an audit entry, and the page, its frame policy and the public read follow', async () => {
    const res = await put({
      site_name: '  Night <Owl>  ',
      signups_open: true,
      ad_slot_url: 'https://ads.owl.example/a?b=1&c=2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AdminConsoleMessages.settingsSaved);
    const saved = res.json().data as SiteSettings;
    expect(saved).toMatchObject({
      site_name: 'Night <Owl>',
      signups_open: true,
      ad_slot_url: 'https://ads.owl.example/a?b=1&c=2',
    });
    expect(saved.updated_at).not.toBeNull();

    const [entry] = await auditRows();
    expect(entry).toMatchObject({ actor_id: admin.id, actor_email: admin.email, entity_type: 'settings' });
    expect(JSON.parse(entry!.before!)).toEqual({
      site_name: 'Reeltime Test',
      signups_open: true,
      ad_slot_url: 'https://ads.config.example/slot',
    });
    expect(JSON.parse(entry!.after!)).toEqual({
      site_name: 'Night <Owl>',
      signups_open: true,
      ad_slot_url: 'https://ads.owl.example/a?b=1&c=2',
    });

    const page = await server.app.inject({ url: '/' });
    expect(page.body).toContain('<title>Night &#60;Owl&#62;</title>');
    expect(page.body).toContain('content="https://ads.owl.example/a?b=1&#38;c=2"');
    expect(frameSrc(page.headers)).toContain('https://ads.owl.example');
    expect(frameSrc(page.headers)).not.toContain('ads.config.example');

    const publicRead = await server.app.inject({ url: PUBLIC_SETTINGS });
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.json().data).toEqual({ site_name: 'Night <Owl>', signups_open: true });
  });

  it('an empty ad slot removes it from the page and the frame policy, even with AD_SLOT_URL set', async () => {
    expect((await put({ site_name: 'Owl', signups_open: true, ad_slot_url: '' })).statusCode).toBe(200);
    const page = await server.app.inject({ url: '/' });
    expect(page.body).not.toContain('ad-slot-url');
    expect(frameSrc(page.headers)).not.toContain('ads.');
    expect(frameSrc(page.headers)).toContain('https://www.youtube-nocookie.com');
  });

  it('closed sign-ups refuse POST /register with 403 and create no account; reopened, it works again', async () => {
    expect((await put({ site_name: 'Owl', signups_open: false, ad_slot_url: '' })).statusCode).toBe(200);
    const publicRead = await server.app.inject({ url: PUBLIC_SETTINGS });
    expect(publicRead.json().data.signups_open).toBe(false);
    expect((await server.app.inject({ url: '/' })).body).toContain(
      '<meta name="signups-open" content="false" />',
    );

    const account = {
      first_name: 'Late',
      last_name: 'Comer',
      email: 'late@example.com',
      password: 'secret123',
    };
    const refused = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/register`,
      payload: account,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, message: AdminConsoleMessages.signupsClosed });
    const rows = await db().selectFrom('users').select('id').where('email', '=', account.email).execute();
    expect(rows).toEqual([]);

    // Members who already have an account still sign in.
    const login = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);

    expect((await put({ site_name: 'Owl', signups_open: true, ad_slot_url: '' })).statusCode).toBe(200);
    const accepted = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/register`,
      payload: account,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('names the site in mails by its saved name', async () => {
    expect((await put({ site_name: 'Cinema <Owl>', signups_open: true, ad_slot_url: '' })).statusCode).toBe(
      200,
    );
    const member = await signUp(server.app);
    const asked = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/forgot-password`,
      payload: { email: member.email },
    });
    expect(asked.statusCode).toBe(200);
    await server.app.jobs.drain();
    const mail = await db()
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Reset your Cinema <Owl> password');
    expect(mail.text_body).toContain('your Cinema <Owl> account');
    expect(mail.text_body).not.toContain('Reeltime Test');
  });
});

describe('GET /admin/audit', () => {
  let server: TestServer;
  let admin: Account;
  const base = Date.UTC(2025, 2, 10, 12);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpAdmin(server.app);
    const db = server.app.ctx.db;
    const alice = { id: admin.id, email: 'alice@ops.example' };
    const bob = { id: admin.id, email: 'Bob@Ops.example' };
    await recordAudit(
      db,
      {
        actor: alice,
        action: 'title.update',
        entityType: 'title',
        entityId: 7,
        before: { name: 'Old' },
        after: { name: 'New' },
      },
      base,
    );
    await recordAudit(
      db,
      {
        actor: alice,
        action: 'title.publish',
        entityType: 'title',
        entityId: 8,
        before: { is_published: false },
        after: { is_published: true },
      },
      base + DAY_MS,
    );
    await recordAudit(
      db,
      { actor: bob, action: 'member.disable', entityType: 'member', entityId: 7 },
      base + 2 * DAY_MS,
    );
    await recordAudit(
      db,
      { actor: bob, action: 'titles_100%', entityType: 'title', entityId: null },
      base + 3 * DAY_MS,
    );
  });
  afterAll(() => server.close());

  const list = async (query: Record<string, string> = {}) => {
    const res = await server.app.inject({ url: AUDIT, query, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: AuditEntry[]; total: number; page: number; per_page: number };
  };
  const actions = (page: { items: AuditEntry[] }) => page.items.map((entry) => entry.action);

  it('lists newest first with before and after parsed and ISO times', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(actions(page)).toEqual(['titles_100%', 'member.disable', 'title.publish', 'title.update']);
    expect(page.items[3]).toMatchObject({
      actor_email: 'alice@ops.example',
      entity_type: 'title',
      entity_id: '7',
      before: { name: 'Old' },
      after: { name: 'New' },
      created_at: new Date(base).toISOString(),
    });
    expect(page.items[1]).toMatchObject({ before: null, after: null });
  });

  it('filters by part of the actor’s email in any case, by action or its start, by entity and by days', async () => {
    expect(actions(await list({ actor: 'BOB@' }))).toEqual(['titles_100%', 'member.disable']);
    expect(actions(await list({ action: 'title.' }))).toEqual(['title.publish', 'title.update']);
    expect(actions(await list({ action: 'title.update' }))).toEqual(['title.update']);
    // `%` and `_` are text, not patterns.
    expect(actions(await list({ action: 'titles_1' }))).toEqual(['titles_100%']);
    expect(actions(await list({ action: 'title%' }))).toEqual([]);
    expect(actions(await list({ entity_type: 'title', entity_id: '7' }))).toEqual(['title.update']);
    expect(actions(await list({ entity_id: '7' }))).toEqual(['member.disable', 'title.update']);
    expect(actions(await list({ from: '2025-03-11', to: '2025-03-12' }))).toEqual([
      'member.disable',
      'title.publish',
    ]);
    expect(actions(await list({ to: '2025-03-10' }))).toEqual(['title.update']);
    expect((await list({ actor: 'nobody' })).total).toBe(0);
  });

  it('pages with page and per_page, and counts every match', async () => {
    const second = await list({ page: '2', per_page: '3' });
    expect(second).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(actions(second)).toEqual(['title.update']);
  });

  it.each([
    [{ from: '2025-03-12', to: '2025-03-11' }, 'to'],
    [{ from: '2025-02-30' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ per_page: '101' }, 'per_page'],
    [{ page: '0' }, 'page'],
    [{ actor: 'x'.repeat(256) }, 'actor'],
  ])('refuses %j with 422 naming %s', async (query, field) => {
    const res = await server.app.inject({ url: AUDIT, query, headers: admin.auth });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });
});
