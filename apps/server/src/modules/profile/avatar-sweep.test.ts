import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUp } from '../../testing/http';
import { AVATAR_SWEEP_INTERVAL_MS } from './avatar-sweep.plugin';
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
  vi.useRealTimers();
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

  it('runs when the server starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-sweep-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const stale = placeAvatar(dataDir, 2 * HOUR_MS);
    const recent = placeAvatar(dataDir, 0);
    await serverOn(dataDir);
    await vi.waitFor(() => expect(existsSync(stale)).toBe(false));
    expect(existsSync(recent)).toBe(true);
  });

  it('runs again every few hours, and its timer stops when the server closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const server = await startTestServer();
    // Written now, so the sweep at start keeps it; six hours on it is old enough to go.
    const unused = placeAvatar(server.config.dataDir, 0);
    vi.advanceTimersByTime(AVATAR_SWEEP_INTERVAL_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(unused)).toBe(true);

    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(existsSync(unused)).toBe(false));
    // Other periodic sweeps run beside it; closing the server stops every one of them.
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await server.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
