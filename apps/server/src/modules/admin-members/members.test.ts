import {
  AdminMembersMessages as Said,
  AdminOverviewEndpoints,
  API_BASE,
  type AdminMemberDetail,
  type AdminMemberList,
  WatchlistEndpoints,
  AuthEndpoints,
  PIN_ATTEMPTS,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUp, signUpAdmin } from '../../testing/http';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app, { first_name: 'Ada', last_name: 'Operator' });
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
const url = (path: string) => `${API_BASE}${path}`;

async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string> = admin.auth) {
  return server.app.inject({ method, url: url(path), headers });
}

async function auditCount(): Promise<number> {
  const row = await db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const login = (email: string, password: string) =>
  server.app.inject({ method: 'POST', url: url(AuthEndpoints.login.path), payload: { email, password } });

/** A member-only read: 200 while the token works, 401 once it does not. */
const memberCall = (auth: Record<string, string>) =>
  server.app.inject({ url: url(WatchlistEndpoints.list.path), headers: auth });

describe('GET /admin/members', () => {
  it('finds members by part of their name or email, any case, newest first, with their current plan', async () => {
    const grace = await signUp(server.app, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.example',
    });
    await signUp(server.app, { first_name: 'Alan', last_name: 'Turing', email: 'alan@bletchley.example' });
    const plan = await db()
      .insertInto('plans')
      .values({
        name: 'Premium',
        price_minor: 49900,
        duration_value: 1,
        duration: 'month',
        discount_percent: 0,
        position: 0,
        is_active: 1,
        max_height: 2160,
        screens: 4,
        has_ads: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await db()
      .insertInto('subscriptions')
      .values({
        user_id: grace.id,
        plan_id: plan.id,
        checkout_session_id: null,
        status: 'active',
        start_date: '2026-01-01',
        end_date: '2099-01-01',
        created_at: now,
        cancelled_at: null,
        starts_at: now,
        ends_at: now + 86_400_000,
        gateway: 'builtin',
        gateway_subscription_id: null,
      })
      .execute();

    const byName = await call('GET', '/admin/members?search=HOPP');
    expect(byName.statusCode).toBe(200);
    const list = byName.json().data as AdminMemberList;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: grace.id,
      email: 'grace@navy.example',
      status: 'active',
      is_admin: false,
      disabled_at: null,
      plan: { plan_id: plan.id, name: 'Premium', status: 'active', end_date: '2099-01-01' },
    });

    const fullName = (await call('GET', '/admin/members?search=alan%20tur')).json().data as AdminMemberList;
    expect(fullName.items.map((member) => member.email)).toEqual(['alan@bletchley.example']);
    const byEmail = (await call('GET', '/admin/members?search=BLETCHLEY')).json().data as AdminMemberList;
    expect(byEmail.items[0]?.plan).toBeNull();

    // A LIKE wildcard in the search is taken literally.
    const wildcard = (await call('GET', '/admin/members?search=%25')).json().data as AdminMemberList;
    expect(wildcard.total).toBe(0);

    const all = (await call('GET', '/admin/members?per_page=2')).json().data as AdminMemberList;
    expect(all).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(all.items.map((member) => member.email)).toEqual(['alan@bletchley.example', 'grace@navy.example']);
    const second = (await call('GET', '/admin/members?per_page=2&page=2')).json().data as AdminMemberList;
    expect(second.items.map((member) => member.id)).toEqual([admin.id]);

    const admins = (await call('GET', '/admin/members?status=admin')).json().data as AdminMemberList;
    expect(admins.items.map((member) => member.id)).toEqual([admin.id]);
  });

  it('reads an empty status as every member', async () => {
    const all = (await call('GET', '/admin/members')).json().data as AdminMemberList;
    const res = await call('GET', '/admin/members?status=&search=');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as AdminMemberList).items.map((member) => member.id)).toEqual(
      all.items.map((member) => member.id),
    );
  });

  it('refuses a bad filter with the field named, never a 500', async () => {
    for (const [query, field] of [
      ['status=gone', 'status'],
      ['per_page=1000', 'per_page'],
      ['page=0', 'page'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await call('GET', `/admin/members?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toBeDefined();
    }
  });
});

describe('GET /admin/members/:id', () => {
  it('shows the profile, subscriptions, payments, sessions and recent viewing with title names', async () => {
    const member = await signUp(server.app, { first_name: 'Viewer' });
    const titleId = await insertTitle(db(), { name: 'The Long Night' });
    const now = Date.now();
    await db()
      .insertInto('playback_progress')
      .values({
        user_id: member.id,
        profile_id: member.profileId,
        title_id: titleId,
        episode_id: 0,
        position_seconds: 600,
        duration_seconds: 5400,
        finished: 0,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('views')
      .values({
        user_id: member.id,
        profile_id: member.profileId,
        title_id: titleId,
        day: '2026-03-01',
        created_at: now,
      })
      .execute();

    const res = await call('GET', `/admin/members/${member.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as AdminMemberDetail;
    expect(detail).toMatchObject({
      id: member.id,
      first_name: 'Viewer',
      email: member.email,
      status: 'active',
      sessions: 1,
      subscriptions: [],
      payments: [],
      progress: [
        {
          title_id: titleId,
          title_name: 'The Long Night',
          episode_id: null,
          position_seconds: 600,
          duration_seconds: 5400,
          finished: false,
        },
      ],
      views: [{ title_id: titleId, title_name: 'The Long Night', day: '2026-03-01' }],
    });
    expect(JSON.stringify(detail)).not.toContain('password');
  });

  it('is a 404 for an unknown member and a 422 for an id that is not one', async () => {
    expect((await call('GET', '/admin/members/999999')).statusCode).toBe(404);
    const bad = await call('GET', '/admin/members/abc');
    expect(bad.statusCode).toBe(422);
  });
});

describe('disabling and enabling a member', () => {
  it('ends every session at once, refuses sign-in with a clear message and sends no reset link', async () => {
    const member = await signUp(server.app);
    const otherDevice = (await login(member.email, member.password)).json().data.api_token as string;
    // Both tokens are verified (and so remembered) before the disable.
    expect((await memberCall(member.auth)).statusCode).toBe(200);
    expect((await memberCall({ authorization: `Bearer ${otherDevice}` })).statusCode).toBe(200);

    const audits = await auditCount();
    const res = await call('POST', `/admin/members/${member.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(Said.memberDisabled);
    expect(res.json().data).toMatchObject({ status: 'disabled', sessions: 0 });
    expect(res.json().data.disabled_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect((await memberCall(member.auth)).statusCode).toBe(401);
    expect((await memberCall({ authorization: `Bearer ${otherDevice}` })).statusCode).toBe(401);

    const refused = await login(member.email, member.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, message: Said.accountDisabled });
    // A wrong password says nothing about the account being disabled.
    const wrong = await login(member.email, 'not-the-password');
    expect(wrong.statusCode).toBe(422);

    const forgot = await server.app.inject({
      method: 'POST',
      url: url(AuthEndpoints.forgotPassword.path),
      payload: { email: member.email },
    });
    expect(forgot.statusCode).toBe(200);
    await server.app.jobs.drain();
    const mails = await db()
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', member.email)
      .execute();
    expect(mails).toEqual([]);

    expect(await auditCount()).toBe(audits + 1);
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_id: admin.id,
      action: 'member.disable',
      entity_type: 'member',
      entity_id: String(member.id),
    });
    expect(JSON.parse(entry.before!)).toMatchObject({ disabled_at: null });
    expect(JSON.parse(entry.after!)).toMatchObject({ sessions_ended: 2 });

    const again = await call('POST', `/admin/members/${member.id}/disable`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(Said.alreadyDisabled);

    const enabled = await call('POST', `/admin/members/${member.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data).toMatchObject({ status: 'active', disabled_at: null });
    const back = await login(member.email, member.password);
    expect(back.statusCode).toBe(200);
    expect((await memberCall({ authorization: `Bearer ${back.json().data.api_token}` })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/admin/members/${member.id}/enable`)).statusCode).toBe(409);
  });

  it('spends reset links sent before the account was disabled', async () => {
    const member = await signUp(server.app);
    await server.app.inject({
      method: 'POST',
      url: url(AuthEndpoints.forgotPassword.path),
      payload: { email: member.email },
    });
    await server.app.jobs.drain();
    const mail = await db()
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', member.email)
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text_body)![1]!);
    expect((await call('POST', `/admin/members/${member.id}/disable`)).statusCode).toBe(200);
    const reset = await server.app.inject({
      method: 'POST',
      url: url(AuthEndpoints.resetPassword.path),
      payload: { token, password: 'another1', password_confirmation: 'another1' },
    });
    expect(reset.statusCode).toBe(422);
  });

  it('refuses to let an admin disable themselves, and writes nothing', async () => {
    const audits = await auditCount();
    const res = await call('POST', `/admin/members/${admin.id}/disable`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(Said.cannotDisableSelf);
    expect(await auditCount()).toBe(audits);
    const row = await db()
      .selectFrom('users')
      .select('disabled_at')
      .where('id', '=', admin.id)
      .executeTakeFirst();
    expect(row?.disabled_at).toBeNull();
  });

  it('is a 404 for an unknown member and writes nothing', async () => {
    const audits = await auditCount();
    for (const action of ['disable', 'enable', 'grant-admin', 'revoke-admin', 'sign-out']) {
      const res = await call('POST', `/admin/members/424242/${action}`);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe(Said.memberNotFound);
    }
    expect(await auditCount()).toBe(audits);
  });
});

describe('admin rights', () => {
  it('take effect on the very next request when granted and when revoked', async () => {
    const member = await signUp(server.app);
    const overview = () =>
      server.app.inject({ url: url(AdminOverviewEndpoints.overview.path), headers: member.auth });
    expect((await overview()).statusCode).toBe(403);

    const granted = await call('POST', `/admin/members/${member.id}/grant-admin`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.is_admin).toBe(true);
    expect((await overview()).statusCode).toBe(200);
    expect((await call('POST', `/admin/members/${member.id}/grant-admin`)).statusCode).toBe(409);

    const revoked = await call('POST', `/admin/members/${member.id}/revoke-admin`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.is_admin).toBe(false);
    expect((await overview()).statusCode).toBe(403);
    expect((await call('POST', `/admin/members/${member.id}/revoke-admin`)).statusCode).toBe(409);
  });

  it('never removes the last enabled admin', async () => {
    const audits = await auditCount();
    const res = await call('POST', `/admin/members/${admin.id}/revoke-admin`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(Said.lastAdmin);
    expect(await auditCount()).toBe(audits);
    const row = await db()
      .selectFrom('users')
      .select('is_admin')
      .where('id', '=', admin.id)
      .executeTakeFirst();
    expect(row?.is_admin).toBe(1);
  });

  it('lets an admin hand over: grant another, then revoke their own', async () => {
    const heir = await signUpAdmin(server.app);
    const handOver = await call('POST', `/admin/members/${heir.id}/revoke-admin`, heir.auth);
    expect(handOver.statusCode).toBe(200);
    // The heir is no admin any more: their next console call is refused.
    expect((await call('GET', '/admin/members', heir.auth)).statusCode).toBe(403);
  });

  it('leaves one enabled admin when two admins disable each other at the same moment', async () => {
    const first = await signUpAdmin(server.app);
    const second = await signUpAdmin(server.app);
    // Only these two are enabled admins for this test.
    await db().updateTable('users').set({ is_admin: 0 }).where('id', '=', admin.id).execute();
    try {
      const [a, b] = await Promise.all([
        call('POST', `/admin/members/${second.id}/disable`, first.auth),
        call('POST', `/admin/members/${first.id}/disable`, second.auth),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes[0]).toBe(200);
      // The loser was disabled first (so is no admin any more) or would leave no admin: refused.
      expect([401, 403, 409]).toContain(codes[1]);
      const enabledAdmins = await db()
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', 1)
        .where('disabled_at', 'is', null)
        .execute();
      expect(enabledAdmins).toHaveLength(1);
    } finally {
      await db().updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
      await server.app.ctx.tokens.forgetVerified();
    }
  });
});

describe('POST /admin/members/:id/sign-out', () => {
  it('signs the member out on every device at once; they can sign in again', async () => {
    const member = await signUp(server.app);
    expect((await memberCall(member.auth)).statusCode).toBe(200);
    const res = await call('POST', `/admin/members/${member.id}/sign-out`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', sessions: 0 });
    expect((await memberCall(member.auth)).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'member.sign-out', entity_id: String(member.id) });
  });
});

describe("a member's household profiles", () => {
  const api = (
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) => server.app.inject({ method, url: url(path), headers, ...(payload ? { payload } : {}) });

  /** A member with an owner profile and a kids profile locked after too many wrong PINs. */
  async function memberWithLockedKid() {
    const member = await signUp(server.app, { first_name: 'Parent' });
    await subscribe(
      server.app,
      member.id,
      await insertPlan(server.app, { name: `Family ${member.id}`, profiles: 3 }),
    );
    const kid = (
      await api('POST', '/user/profiles', member.auth, {
        name: 'Kid',
        is_kids: true,
        maturity_limit: 'U/A 7+',
        pin: '1234',
      })
    ).json().data as { id: number };
    for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
      await api('POST', `/user/profiles/${kid.id}/select`, member.auth, { pin: '0000' });
    }
    return { member, kidId: kid.id };
  }

  it('shows each profile with its kids flag, limit, PIN and lock', async () => {
    const { member, kidId } = await memberWithLockedKid();
    const detail = (await call('GET', `/admin/members/${member.id}`)).json().data as AdminMemberDetail;
    expect(detail.account_pin).toBe(false);
    expect(detail.profiles).toEqual([
      {
        id: member.profileId,
        name: 'Parent',
        is_owner: true,
        is_kids: false,
        maturity_limit: null,
        has_pin: false,
        locked: false,
        locked_until: null,
      },
      {
        id: kidId,
        name: 'Kid',
        is_owner: false,
        is_kids: true,
        maturity_limit: 'U/A 7+',
        has_pin: true,
        locked: true,
        locked_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });

  it("clears a profile's PIN and lifts its lock, with an audit entry", async () => {
    const { member, kidId } = await memberWithLockedKid();
    const locked = await api('POST', `/user/profiles/${kidId}/select`, member.auth, { pin: '1234' });
    expect(locked.statusCode).toBe(429);

    const audits = await auditCount();
    const res = await call('POST', `/admin/members/${member.id}/profiles/${kidId}/clear-pin`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(Said.profilePinCleared);
    expect((res.json().data as AdminMemberDetail).profiles[1]).toMatchObject({
      id: kidId,
      has_pin: false,
      locked: false,
      locked_until: null,
    });
    // The profile opens without a PIN now.
    expect((await api('POST', `/user/profiles/${kidId}/select`, member.auth, {})).statusCode).toBe(200);

    expect(await auditCount()).toBe(audits + 1);
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_id: admin.id,
      action: 'member.clear-profile-pin',
      entity_type: 'member',
      entity_id: String(member.id),
    });
    expect(JSON.parse(entry.after!)).toMatchObject({ profile: { id: kidId, name: 'Kid', has_pin: false } });

    const again = await call('POST', `/admin/members/${member.id}/profiles/${kidId}/clear-pin`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(Said.profileHasNoPin);
    expect(await auditCount()).toBe(audits + 1);
  });

  it("is a 404 for another member's profile, and changes nothing", async () => {
    const { kidId } = await memberWithLockedKid();
    const other = await signUp(server.app);
    const audits = await auditCount();
    const res = await call('POST', `/admin/members/${other.id}/profiles/${kidId}/clear-pin`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(Said.profileNotFound);
    expect((await call('POST', `/admin/members/999999/profiles/${kidId}/clear-pin`)).statusCode).toBe(404);
    expect(await auditCount()).toBe(audits);
    const row = await db()
      .selectFrom('profiles')
      .select(['pin_hash', 'locked_until'])
      .where('id', '=', kidId)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).not.toBeNull();
    expect(row.locked_until).toBeGreaterThan(Date.now());
  });
});
