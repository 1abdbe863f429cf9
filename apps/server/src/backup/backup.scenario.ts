import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app';
import { insertTitle, makeClip } from '../media/media.fixtures';
import { startTestServer, type TestServer } from '../testing/app';
import { insertPlan, subscribe } from '../testing/billing';
import { multipart, signUp } from '../testing/http';
import { readArchiveEntry, runCli, type CliRun } from './backup.fixtures';
import { ManifestSchema } from './manifest';

/** A database for one site: a URL (null: SQLite in its DATA_DIR) and its removal. */
export interface TestDatabase {
  url: string | null;
  drop(): Promise<void>;
}

type Member = Awaited<ReturnType<typeof signUp>>;

export interface RoundTrip {
  readonly work: string;
  readonly archive: string;
  readonly original: TestServer;
  readonly restored: TestServer;
}

const databaseEnv = (dataDir: string, database: TestDatabase) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: database.url ?? `sqlite:${path.join(dataDir, 'reeltime.sqlite')}`,
});

const get = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The member's signed master playlist URL of a title, as the web app gets it. */
async function masterPlaylistUrl(app: App, member: Member, titleId: number): Promise<string> {
  const res = await get(app, `/api/v1/user/movie-details/${titleId}`, member.auth);
  const links = res.json().data.video_links as { url: string }[];
  expect(links).toHaveLength(1);
  return links[0]!.url;
}

const firstSegmentOf = (master: string, playlist: string) => {
  const rendition = playlist.split('\n').find((line) => line.endsWith('.m3u8'))!;
  return new URL(rendition.replace(/index\.m3u8$/, 'seg_00000.ts'), `http://x${master}`).pathname;
};

/**
 * A site with members, a watch list, a subscription, an avatar, artwork and a transcoded video is
 * backed up by the CLI while members keep signing up, adding to watch lists and subscribing; the
 * archive is restored by the CLI into a new data folder and database, and a site started on it
 * must serve the same things.
 */
export function backupRoundTrip(createDatabase: () => Promise<TestDatabase>): RoundTrip {
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-backup-'));
  const archive = path.join(work, 'site.tar.gz');
  const databases: TestDatabase[] = [];
  let original: TestServer;
  let restored: TestServer;
  let alice: Member;
  let titleId: number;
  let poster: string;
  const during: { members: Member[]; watchlisted: Member[]; subscribed: Member[] } = {
    members: [],
    watchlisted: [],
    subscribed: [],
  };
  let backupRun: CliRun;
  let restoreRun: CliRun;

  beforeAll(async () => {
    const siteDb = await createDatabase();
    databases.push(siteDb);
    const siteEnv = databaseEnv(path.join(work, 'site'), siteDb);
    original = await startTestServer(siteEnv);
    const { app } = original;
    const planId = await insertPlan(app, { max_height: 1080 });

    alice = await signUp(app, { email: 'alice@example.com', password: 'alice-secret' });
    await subscribe(app, alice.id, planId);
    const avatar = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = multipart([
      { name: 'first_name', value: 'Alice' },
      { name: 'last_name', value: 'Member' },
      { name: 'email', value: alice.email },
      { name: 'file_url', value: avatar, filename: 'me.png', contentType: 'image/png' },
    ]);
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/user/update-profile',
      payload: form.payload,
      headers: { ...form.headers, ...alice.auth },
    });
    expect(profile.statusCode).toBe(200);

    poster = '/media/posters/backup-poster.webp';
    const posterBytes = await sharp({
      create: { width: 40, height: 60, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .webp()
      .toBuffer();
    await app.ctx.files.write('posters/backup-poster.webp', Readable.from([posterBytes]));
    titleId = await insertTitle(app.ctx.db, {
      poster_image: poster,
      thumbnail_image: poster,
      name: 'Backed Up',
    });
    const clip = path.join(work, 'clip.mp4');
    await makeClip(clip, { seconds: 2, width: 320, height: 180 });
    const imported = await app.media.service.importVideo({ file: clip, titleId });
    const job = await app.jobs.runJob(imported.jobId);
    expect(job?.state).toBe('done');
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: alice.auth,
      payload: { entertainment_id: titleId },
    });
    expect(saved.statusCode).toBe(200);

    // The backup runs as its own process while this one keeps writing.
    let backupDone = false;
    const backup = runCli('backup', ['--out', archive], siteEnv).then((run) => {
      backupDone = true;
      return run;
    });
    const writer = (async () => {
      while (!backupDone) {
        const member = await signUp(app);
        during.members.push(member);
        await app.inject({
          method: 'POST',
          url: '/api/v1/user/save-watch-list',
          headers: member.auth,
          payload: { entertainment_id: titleId },
        });
        during.watchlisted.push(member);
        await subscribe(app, member.id, planId);
        during.subscribed.push(member);
      }
    })();
    backupRun = await backup;
    await writer;
    if (backupRun.code !== 0) throw new Error(`backup failed: ${backupRun.stderr}`);

    const targetDb = await createDatabase();
    databases.push(targetDb);
    const restoredEnv = databaseEnv(path.join(work, 'restored'), targetDb);
    restoreRun = await runCli('restore', [archive], {
      DATA_DIR: restoredEnv.DATA_DIR,
      ...(targetDb.url ? { DATABASE_URL: targetDb.url } : {}),
    });
    if (restoreRun.code !== 0) throw new Error(`restore failed: ${restoreRun.stderr}`);
    restored = await startTestServer(restoredEnv);
  }, 240_000);

  afterAll(async () => {
    await restored?.close();
    await original?.close();
    for (const database of databases) await database.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('takes the backup while members sign up, and restores it into a new data folder and database', () => {
    expect(backupRun.code, backupRun.stderr).toBe(0);
    expect(backupRun.stdout).toMatch(/^Backup written to .*site\.tar\.gz: /);
    expect(restoreRun.code, restoreRun.stderr).toBe(0);
    expect(restoreRun.stdout).toMatch(/^Restored the backup of /);
    expect(during.subscribed.length).toBeGreaterThan(0);
  });

  it('serves the same members: they sign in with their passwords, and their old sessions still work', async () => {
    const login = await restored.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'alice@example.com', password: 'alice-secret' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.id).toBe(alice.id);
    // The token was issued by the original site: the restored secrets still recognise it.
    expect((await get(restored.app, '/api/v1/user/watch-list', alice.auth)).statusCode).toBe(200);
  });

  it('holds one moment of the concurrent writes: members in sign-up order, each with what came before', async () => {
    const db = restored.app.ctx.db;
    const emails = new Set((await db.selectFrom('users').select('email').execute()).map((row) => row.email));
    const restoredDuring = during.members.filter((member) => emails.has(member.email));
    // Sign-ups ran one after another: the copy holds the first n of them and no other account.
    expect(restoredDuring).toEqual(during.members.slice(0, restoredDuring.length));
    expect(emails.size).toBe(1 + restoredDuring.length);
    const watchers = new Set(
      (await db.selectFrom('watchlist').select('user_id').execute()).map((row) => row.user_id),
    );
    const subscribers = new Set(
      (await db.selectFrom('subscriptions').select('user_id').execute()).map((row) => row.user_id),
    );
    // Each member's watch-list add and subscription followed the sign-up; only the last may lack them.
    for (const member of restoredDuring.slice(0, -1)) {
      expect(watchers.has(member.id) && subscribers.has(member.id)).toBe(true);
    }
    for (const member of restoredDuring) {
      const login = await restored.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: member.email, password: member.password },
      });
      expect(login.statusCode).toBe(200);
    }
    const manifest = ManifestSchema.parse(
      JSON.parse((await readArchiveEntry(archive, 'manifest.json')).toString()),
    );
    expect(manifest.database.rowCounts.users).toBe(emails.size);
    expect(manifest.database.rowCounts.watchlist).toBe(
      (await db.selectFrom('watchlist').selectAll().execute()).length,
    );
  });

  it('serves the same watch lists and subscriptions', async () => {
    for (const url of ['/api/v1/user/watch-list', '/api/v1/user/subscription-plan']) {
      const before = await get(original.app, url, alice.auth);
      const after = await get(restored.app, url, alice.auth);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(before.json());
    }
    expect((await get(restored.app, '/api/v1/user/watch-list', alice.auth)).json().data).toHaveLength(1);
  });

  it('serves the same avatar and artwork bytes', async () => {
    const avatarUrl = (
      await restored.app.ctx.db
        .selectFrom('users')
        .select('profile_image')
        .where('id', '=', alice.id)
        .executeTakeFirstOrThrow()
    ).profile_image!;
    expect(avatarUrl).toMatch(/^\/media\/uploads\/avatars\//);
    for (const url of [avatarUrl, poster]) {
      const before = await get(original.app, url);
      const after = await get(restored.app, url);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    }
  });

  it('plays the transcoded video: the same master playlist and segment', async () => {
    const master = await masterPlaylistUrl(restored.app, alice, titleId);
    const playlist = await get(restored.app, master);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
    const segment = firstSegmentOf(master, playlist.body);
    const restoredSegment = await get(restored.app, segment);
    expect(restoredSegment.statusCode).toBe(200);
    expect(restoredSegment.rawPayload.length).toBeGreaterThan(0);
    const originalSegment = await get(original.app, segment);
    expect(restoredSegment.rawPayload.equals(originalSegment.rawPayload)).toBe(true);
  });

  return {
    work,
    archive,
    get original() {
      return original;
    },
    get restored() {
      return restored;
    },
  };
}
