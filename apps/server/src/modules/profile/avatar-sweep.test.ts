import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobHandlers } from '../../jobs/job-map';
import { createDatabaseJobRunner } from '../../jobs/runner';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUp } from '../../testing/http';
import { profileJobHandlers } from './profile.jobs';
import { createProfileService } from './profile.service';

const HOUR_MS = 3_600_000;
const avatarsDir = (dataDir: string) => path.join(dataDir, 'media', 'uploads', 'avatars');

/** Writes an avatar-like file, last modified `ageMs` ago; returns its path. */
function placeAvatar(dataDir: string, ageMs: number): string {
  mkdirSync(avatarsDir(dataDir), { recursive: true });
  const file = path.join(avatarsDir(dataDir), `${randomBytes(16).toString('hex')}.webp`);
  writeFileSync(file, 'stale');
  const modified = new Date(Date.now() - ageMs);
  utimesSync(file, modified, modified);
  return file;
}

async function uploadAvatar(server: TestServer): Promise<string> {
  const member = await signUp(server.app);
  const image = await sharp({
    create: { width: 20, height: 20, channels: 3, background: { r: 0, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  const form = multipart([
    { name: 'first_name', value: 'Sam' },
    { name: 'last_name', value: 'Sweep' },
    { name: 'email', value: member.email },
    { name: 'file_url', value: image, filename: 'me.png', contentType: 'image/png' },
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/user/update-profile',
    payload: form.payload,
    headers: { ...form.headers, ...member.auth },
  });
  expect(res.statusCode).toBe(200);
  return path.join(server.config.dataDir, res.json().data.profile_image);
}

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function serverOn(dataDir?: string): Promise<TestServer> {
  const server = await startTestServer(dataDir ? { DATA_DIR: dataDir } : {});
  cleanups.push(() => server.close());
  return server;
}

describe('sweep of unused avatar files', () => {
  it('deletes files no user points to that are over an hour old, and keeps the rest', async () => {
    const server = await serverOn();
    const inUse = await uploadAvatar(server);
    const oldInUse = new Date(Date.now() - 2 * HOUR_MS);
    utimesSync(inUse, oldInUse, oldInUse);
    const stale = placeAvatar(server.config.dataDir, 2 * HOUR_MS);
    const inFlight = placeAvatar(server.config.dataDir, 10 * 60_000);
    const notOurs = path.join(avatarsDir(server.config.dataDir), 'notes.txt');
    writeFileSync(notOurs, 'kept');
    utimesSync(notOurs, oldInUse, oldInUse);

    const deleted = await createProfileService(server.app.ctx).sweepUnusedAvatars();
    expect(deleted).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(inUse)).toBe(true);
    expect(existsSync(inFlight)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
  });

  it('runs as a repeatable job when the job runner first starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-sweep-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const stale = placeAvatar(dataDir, 2 * HOUR_MS);
    const recent = placeAvatar(dataDir, 0);
    const server = await serverOn(dataDir);
    await server.app.jobs.start();
    cleanups.push(() => server.app.jobs.stop());
    await waitFor(async () => (await doneRuns(server)) === 1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    const runs = await server.app.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('type', '=', 'profile.sweep-avatars')
      .execute();
    expect(runs).toEqual([{ status: 'done' }]);
    // With the built-in checkout there is no gateway to reconcile checkouts with.
    const reconciles = await server.app.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', 'billing.reconcile-stripe')
      .execute();
    expect(reconciles).toEqual([]);
  });

  it('runs again on its schedule through the job runner', async () => {
    const server = await serverOn();
    const everyMs = 300;
    const runner = createDatabaseJobRunner(
      server.app.ctx.db,
      profileJobHandlers(server.app.ctx) as Partial<JobHandlers> as JobHandlers,
      {
        concurrency: { media: 0, light: 1 },
        worker: { pollIntervalMs: 10 },
        schedules: {
          jobs: [{ name: 'profile.sweep-avatars', everyMs }],
          queue: server.app.ctx.jobs,
          checkEveryMs: 10,
        },
      },
    );
    await runner.start();
    cleanups.push(() => runner.stop());
    await waitFor(async () => (await doneRuns(server)) === 1);
    // Left after the first run: the next one, an interval later, deletes it.
    const unused = placeAvatar(server.config.dataDir, 2 * HOUR_MS);
    await waitFor(() => !existsSync(unused));
    await waitFor(async () => (await doneRuns(server)) >= 2);
  });

  it('is not swept by an API process that runs no jobs: no timer, no run queued', async () => {
    const server = await serverOn();
    const unused = placeAvatar(server.config.dataDir, 2 * HOUR_MS);
    await server.app.inject({ method: 'GET', url: '/api/v1/health' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(unused)).toBe(true);
    expect(await server.app.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });
});

const doneRuns = async (server: TestServer) =>
  (
    await server.app.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', 'profile.sweep-avatars')
      .where('status', '=', 'done')
      .execute()
  ).length;

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
