import { Messages, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUp } from '../../testing/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

async function outbox() {
  return server.app.ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').execute();
}

describe('POST /register', () => {
  it('creates an account and never returns the password', async () => {
    const res = await post('/register', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'Ada@Example.com',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      data: { email: 'ada@example.com', first_name: 'Ada', is_admin: false },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
    const row = await server.app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts multipart like the web app sends', async () => {
    const form = multipart([
      { name: 'first_name', value: 'Grace' },
      { name: 'last_name', value: 'Hopper' },
      { name: 'email', value: 'grace@example.com' },
      { name: 'password', value: 'cobol123' },
    ]);
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/register', ...form });
    expect(res.statusCode).toBe(201);
  });

  it('answers 409 when the email is taken, in any case', async () => {
    const res = await post('/register', {
      first_name: 'A',
      last_name: 'B',
      email: 'ADA@example.com',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.emailTaken });
  });

  it.each([
    [
      {},
      {
        first_name: Messages.firstNameRequired,
        last_name: Messages.lastNameRequired,
        email: Messages.emailRequired,
        password: Messages.passwordRequired,
      },
    ],
    [
      { first_name: ' ', last_name: '', email: '', password: '' },
      {
        first_name: Messages.firstNameRequired,
        last_name: Messages.lastNameRequired,
        email: Messages.emailRequired,
        password: Messages.passwordRequired,
      },
    ],
    [
      { first_name: 'A', last_name: 'B', email: 'not-an-email', password: '123' },
      { email: Messages.emailInvalid, password: Messages.passwordMin6 },
    ],
  ])('validates %j with the spec messages', async (payload, expected) => {
    const res = await post('/register', payload);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe(false);
    for (const [field, message] of Object.entries(expected)) expect(body.errors[field]).toContain(message);
  });
});

describe('POST /login and GET /logout', () => {
  it('logs in with the right password and the token works until logout', async () => {
    await post('/register', {
      first_name: 'Lin',
      last_name: 'Out',
      email: 'lin@example.com',
      password: 'secret1',
    });
    const res = await post('/login', { email: 'LIN@example.com', password: 'secret1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login successful');
    expect(body.data).toMatchObject({ email: 'lin@example.com', first_name: 'Lin' });
    expect(body.data.api_token.length).toBeGreaterThanOrEqual(43);
    const auth = { authorization: `Bearer ${body.data.api_token}` };

    const stored = await server.app.ctx.db.selectFrom('api_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(body.data.api_token);

    const logout = await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: auth });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ status: true, message: ServerMessages.logoutSuccess, data: null });
    const again = await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: auth });
    expect(again.statusCode).toBe(401);
  });

  it('answers a wrong password or an unknown email with 422, never 401', async () => {
    for (const payload of [
      { email: 'lin@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'secret1' },
    ]) {
      const res = await post('/login', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: false, message: ServerMessages.loginWrong });
    }
  });

  it('validates with the spec messages', async () => {
    const res = await post('/login', { email: 'bad', password: '12345' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [Messages.emailInvalid], password: [Messages.passwordMin6] });
  });

  it('refuses logout without a token or with a bad one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-real-token-at-all-0123456789' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, message: ServerMessages.unauthenticated });
    }
  });

  it('expires a token after 30 days without use', async () => {
    const member = await signUp(server.app);
    await server.app.ctx.db
      .updateTable('api_tokens')
      .set({ last_used_at: Date.now() - 31 * 86_400_000 })
      .where('user_id', '=', member.id)
      .execute();
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: member.auth });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails a link only when it does', async () => {
    await post('/register', {
      first_name: 'Rita',
      last_name: 'Reset',
      email: 'rita@example.com',
      password: 'secret1',
    });
    const before = (await outbox()).length;
    const known = await post('/forgot-password', { email: 'rita@example.com' });
    const unknown = await post('/forgot-password', { email: 'nobody@example.com' });
    await server.app.jobs.drain();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(ServerMessages.forgotPasswordSent);
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.to_address).toBe('rita@example.com');
    expect(mails[0]!.text_body).toContain('http://localhost:3000/reset-password?token=');
  });

  it('does the same work on the request path whatever the email: one queued job, nothing else', async () => {
    await signUp(server.app, { email: 'same-work@example.com' });
    const snapshot = async () => {
      const db = server.app.ctx.db;
      const count = async (table: 'password_resets' | 'outbox' | 'jobs') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        resets: await count('password_resets'),
        outbox: await count('outbox'),
        jobs: await count('jobs'),
      };
    };
    await server.app.jobs.drain();
    const before = await snapshot();
    await post('/forgot-password', { email: 'same-work@example.com' });
    const afterKnown = await snapshot();
    await post('/forgot-password', { email: 'no-such-member@example.com' });
    const afterUnknown = await snapshot();
    expect(afterKnown).toEqual({ ...before, jobs: before.jobs + 1 });
    expect(afterUnknown).toEqual({ ...before, jobs: before.jobs + 2 });
    const [unknownJob, knownJob] = await server.app.ctx.db
      .selectFrom('jobs')
      .select(['type', 'status', 'payload'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(knownJob).toEqual({ type: 'auth.password-reset', status: 'queued', payload: expect.any(String) });
    expect(unknownJob).toEqual({ ...knownJob, payload: expect.any(String) });
  });

  it('sends at most 3 reset mails per account per hour, whatever addresses ask', async () => {
    await signUp(server.app, { email: 'flooded@example.com' });
    const answers = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/forgot-password',
        payload: { email: 'flooded@example.com' },
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    expect(answers.size).toBe(1);
    await server.app.jobs.drain();
    const mailsTo = async () =>
      (await outbox()).filter((mail) => mail.to_address === 'flooded@example.com').length;
    expect(await mailsTo()).toBe(3);

    // An hour later the allowance is back.
    await server.app.ctx.db
      .updateTable('password_resets')
      .set((eb) => ({ created_at: eb('created_at', '-', 60 * 60 * 1000 + 1) }))
      .execute();
    await post('/forgot-password', { email: 'flooded@example.com' });
    await server.app.jobs.drain();
    expect(await mailsTo()).toBe(4);
  });

  it('resets once with the mailed token, revoking old sessions', async () => {
    const member = await signUp(server.app, { email: 'reset-me@example.com', password: 'oldpass1' });
    await post('/forgot-password', { email: 'reset-me@example.com' });
    await server.app.jobs.drain();
    const mail = (await outbox())[0]!;
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text_body)![1]!);

    const mismatch = await post('/reset-password', {
      token,
      password: 'newpass12',
      password_confirmation: 'other123',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toContain(Messages.passwordsMustMatch);

    const res = await post('/reset-password', {
      token,
      password: 'newpass12',
      password_confirmation: 'newpass12',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ServerMessages.resetPasswordDone);

    const old = await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: member.auth });
    expect(old.statusCode).toBe(401);
    expect((await post('/login', { email: 'reset-me@example.com', password: 'oldpass1' })).statusCode).toBe(
      422,
    );
    expect((await post('/login', { email: 'reset-me@example.com', password: 'newpass12' })).statusCode).toBe(
      200,
    );

    const reuse = await post('/reset-password', {
      token,
      password: 'another12',
      password_confirmation: 'another12',
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().message).toBe(ServerMessages.resetTokenInvalid);
  });

  it('refuses an expired token', async () => {
    await signUp(server.app, { email: 'late@example.com' });
    await post('/forgot-password', { email: 'late@example.com' });
    await server.app.jobs.drain();
    const token = decodeURIComponent(/token=([^\s]+)/.exec((await outbox())[0]!.text_body)![1]!);
    await server.app.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const res = await post('/reset-password', {
      token,
      password: 'newpass12',
      password_confirmation: 'newpass12',
    });
    expect(res.statusCode).toBe(422);
  });

  it('validates the new password with the spec messages', async () => {
    const res = await post('/reset-password', { token: 'x', password: 'short', password_confirmation: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      password: [Messages.passwordMin8],
      password_confirmation: [Messages.confirmPasswordRequired],
    });
  });
});

describe('POST /user/change-password', () => {
  it('changes the password, returns a new token and revokes every other one', async () => {
    const member = await signUp(server.app, { password: 'first-pass' });
    const second = await post('/login', { email: member.email, password: 'first-pass' });
    const otherAuth = { authorization: `Bearer ${second.json().data.api_token}` };

    const res = await post(
      '/user/change-password',
      { old_password: 'first-pass', new_password: 'second-pass', new_password_confirmation: 'second-pass' },
      member.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ServerMessages.passwordChanged);
    const fresh = { authorization: `Bearer ${res.json().data.api_token}` };

    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: otherAuth })).statusCode,
    ).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: member.auth })).statusCode,
    ).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: fresh })).statusCode,
    ).toBe(200);
    expect((await post('/login', { email: member.email, password: 'second-pass' })).statusCode).toBe(200);
  });

  it('answers a wrong old password with 422 and keeps the session', async () => {
    const member = await signUp(server.app);
    const res = await post(
      '/user/change-password',
      {
        old_password: 'not-it-at-all',
        new_password: 'second-pass',
        new_password_confirmation: 'second-pass',
      },
      member.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.old_password).toEqual([ServerMessages.oldPasswordWrong]);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/logout', headers: member.auth })).statusCode,
    ).toBe(200);
  });

  it('validates with the spec messages', async () => {
    const member = await signUp(server.app);
    const empty = await post('/user/change-password', {}, member.auth);
    expect(empty.json().errors).toEqual({
      old_password: [Messages.oldPasswordRequired],
      new_password: [Messages.newPasswordRequired],
      new_password_confirmation: [Messages.confirmPasswordRequired],
    });
    const short = await post(
      '/user/change-password',
      { old_password: 'x', new_password: 'short', new_password_confirmation: 'short' },
      member.auth,
    );
    expect(short.json().errors.new_password).toEqual([Messages.passwordMin8]);
    const mismatch = await post(
      '/user/change-password',
      { old_password: 'x', new_password: 'longenough', new_password_confirmation: 'different1' },
      member.auth,
    );
    expect(mismatch.json().errors.new_password_confirmation).toEqual([Messages.passwordsMustMatch]);
  });

  it('is 401 without a token', async () => {
    const res = await post('/user/change-password', {
      old_password: 'a',
      new_password: 'b',
      new_password_confirmation: 'b',
    });
    expect(res.statusCode).toBe(401);
  });
});
