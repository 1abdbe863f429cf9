import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { promptHidden } from './hidden-prompt';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
const PUBLIC_URL = 'https://tv.example.com';

let dataDir: string;
let app: App;
/** The link the first run printed. */
let firstLink: string;

/** The server's settings in production, as an operator would run the command. */
const productionEnv = () => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PUBLIC_URL,
  LOG_LEVEL: 'silent',
});

/** Runs `npm run admin:create -- …` as its own process, with no terminal (stdin closed). */
function adminCreate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      tsx,
      ['src/cli/admin-create.ts', ...args],
      { cwd: serverDir, env: { ...process.env, ...productionEnv() }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

const linkIn = (stdout: string) => {
  const match = /https:\/\/tv\.example\.com\/reset-password\?token=(\S+)/.exec(stdout);
  expect(match, stdout).not.toBeNull();
  return decodeURIComponent(match![1]!);
};
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
const setPassword = (token: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/reset-password',
    payload: { token, password, password_confirmation: password },
  });
const cliAudit = () =>
  app.ctx.db
    .selectFrom('audit_log')
    .select(['actor_id', 'actor_email', 'action', 'entity_id', 'before', 'after'])
    .where('actor_email', '=', 'cli')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-admin-create-'));
  // The command runs first, on an empty production database, as on a new server.
  const first = await adminCreate(
    '--email',
    'Owner@Example.com',
    '--first-name',
    'Ada',
    '--last-name',
    'Byron',
  );
  expect(first, first.stderr).toMatchObject({ code: 0 });
  firstLink = linkIn(first.stdout);
  app = await buildApp(loadConfig({ ...productionEnv(), RATE_LIMIT_AUTH_MAX: '1000' }));
}, 90_000);
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin:create', () => {
  it('creates the first admin without a usable password and prints a one-time set-password link', async () => {
    const token = firstLink;
    const user = await app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Ada', last_name: 'Byron', is_admin: 1 });
    expect((await login('owner@example.com', 'anything1')).statusCode).toBe(422);

    expect((await setPassword(token, 'chosen-pass-1')).statusCode).toBe(200);
    const signedIn = await login('owner@example.com', 'chosen-pass-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ is_admin: true });
    const console = await app.inject({
      url: '/api/v1/admin/plans',
      headers: { authorization: `Bearer ${signedIn.json().data.api_token}` },
    });
    expect(console.statusCode).toBe(200);
    // The link works once.
    expect((await setPassword(token, 'another-pass-2')).statusCode).toBe(422);

    expect((await cliAudit())[0]).toMatchObject({
      actor_id: null,
      actor_email: 'cli',
      action: 'member.create-admin',
      entity_id: String(user.id),
      before: null,
    });
  });

  it('makes an existing member an admin, enabling a disabled account, and keeps their password', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        password: 'member-pass',
      },
    });
    expect(registered.statusCode).toBe(201);
    await app.ctx.db
      .updateTable('users')
      .set({ disabled_at: Date.now() })
      .where('email', '=', 'grace@example.com')
      .execute();

    const run = await adminCreate('--email', 'grace@example.com');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('grace@example.com');
    expect(run.stdout).toContain('is now an admin');
    expect(run.stdout).toContain('it is enabled again');

    const signedIn = await login('grace@example.com', 'member-pass');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ is_admin: true, first_name: 'Grace' });
    const entry = (await cliAudit()).at(-1)!;
    expect(entry).toMatchObject({ action: 'member.grant-admin' });
    expect(JSON.parse(entry.before!)).toMatchObject({ is_admin: false, disabled_at: expect.any(String) });
    expect(JSON.parse(entry.after!)).toMatchObject({ is_admin: true, disabled_at: null });

    // The link it printed also lets the admin choose a new password.
    expect((await setPassword(linkIn(run.stdout), 'new-admin-pass')).statusCode).toBe(200);
    expect((await login('grace@example.com', 'new-admin-pass')).statusCode).toBe(200);
  }, 60_000);

  it('refuses a bad or missing address with the usage, and changes nothing', async () => {
    const before = (await app.ctx.db.selectFrom('users').select('id').execute()).length;
    const bad = await adminCreate('--email', 'not-an-address');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email');
    expect(bad.stderr).toContain('Usage: npm run admin:create');
    const missing = await adminCreate('--first-name', 'X');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');
    expect((await app.ctx.db.selectFrom('users').select('id').execute()).length).toBe(before);
  }, 60_000);
});

describe('the hidden password prompt', () => {
  const terminal = () => {
    const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
    Object.assign(input, { setRawMode: (mode: boolean) => input.rawModes.push(mode) });
    const output = new PassThrough();
    const shown: string[] = [];
    output.on('data', (chunk: Buffer) => shown.push(chunk.toString()));
    return { input, output, shown };
  };

  it('reads keys in raw mode without showing them, with Backspace, and keeps typed-ahead keys for the next question', async () => {
    const { input, output, shown } = terminal();
    const first = promptHidden('Password: ', input, output);
    input.write('secrex\u007ft1\rsecond-one\r');
    expect(await first).toBe('secret1');
    expect(await promptHidden('Again: ', input, output)).toBe('second-one');
    expect(shown.join('')).toBe('Password: \nAgain: \n');
    expect(input.rawModes).toEqual([true, false, true, false]);
  });

  it('gives up on Ctrl+C', async () => {
    const { input, output } = terminal();
    const asked = promptHidden('Password: ', input, output);
    input.write('abc\u0003');
    await expect(asked).rejects.toThrow('cancelled');
  });
});
