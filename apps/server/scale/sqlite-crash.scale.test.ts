import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AuthEndpoints, PlaybackEndpoints, ProfileEndpoints, WatchlistEndpoints } from '@reeltime/contract';
import { call, signIn, signUp, type Member } from './harness/client';
import { startEmbeddedServer, type EmbeddedServer } from './harness/embedded-server';
import { profile } from './harness/profile';
import { figure, ms, percentile } from './harness/report';
import { fileHealth, openReadOnly, timeRecoveryOfCopy, walBytes, writeBeside } from './harness/sqlite-file';
import { WriteLedger, type LedgerValue, type WriteTicket } from './harness/write-ledger';

/**
 * The embedded default (one process, SQLite in DATA_DIR) killed with SIGKILL while members write,
 * again and again on the same DATA_DIR: every write acknowledged before a kill must be in the
 * database, the file must stay sound, and the server must start again each time.
 */
const suite = 'sqlite-crash';
const TITLES = 4;
const KILL_AFTER_MS = { min: 100, max: 1500 };
const seed = Number(process.env.SCALE_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Reproducible randomness: the seed is printed, SCALE_SEED replays a run. */
function mulberry32(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(seed);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

type WriteKind = 'register' | 'profile' | 'watch-list' | 'like' | 'progress';
/** How often each kind is chosen: registrations hash a password, so fewer of them. */
const MIX: readonly WriteKind[] = [
  'register',
  'profile',
  'profile',
  'watch-list',
  'watch-list',
  'watch-list',
  'like',
  'like',
  'progress',
  'progress',
  'progress',
];

interface Writer extends Member {
  /** Each progress write carries a position no earlier write of this member used. */
  nextPosition: number;
}

interface RoundOutcome {
  acknowledged: number;
  inFlightAtKill: number;
  unexpected: string[];
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-sqlite-crash-'));
/** Where the database part of a restart is timed on a copy of the crashed files. */
const scratchDir = `${dataDir}-copy`;
const output: string[] = [];
const keepOutput = (line: string) => {
  output.push(line);
  if (output.length > 300) output.splice(0, output.length - 300);
};
const start = () =>
  startEmbeddedServer({
    dataDir,
    // Load comes from one address.
    env: { RATE_LIMIT_AUTH_MAX: '1000000' },
    output: keepOutput,
  });

let server: EmbeddedServer | undefined;
/** Set when the test ended (passed, failed or timed out): no further round starts. */
let finished = false;
let startedAt = 0;
afterAll(async () => {
  finished = true;
  // Here rather than in the test, so that a run that timed out still prints what it measured.
  if (startedAt > 0) report();
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratchDir, { recursive: true, force: true });
});

const ledger = new WriteLedger();
const acknowledgedByKind = new Map<WriteKind, number>();

/** One write of the chosen kind, entered in the ledger with the value it carries. */
function prepareWrite(
  kind: WriteKind,
  writer: Writer,
  titleIds: number[],
  label: string,
): { ticket: WriteTicket; method: string; apiPath: string; body: unknown; token?: string } {
  const token = writer.token;
  switch (kind) {
    case 'register': {
      const email = `crash-${label}@example.com`;
      const ticket = ledger.send(`user:${email}`, true, false);
      const body = { first_name: 'Crash', last_name: 'Member', email, password: 'secret123' };
      return { ticket, method: 'POST', apiPath: AuthEndpoints.register.path, body };
    }
    case 'profile': {
      const lastName = `Write ${label}`;
      const mobile = `+${label.replace(/\D+/g, ' ').trim()}`.slice(0, 20);
      const ticket = ledger.send(`profile:${writer.id}`, `${lastName}|${mobile}`, 'Member|');
      const body = { first_name: 'Scale', last_name: lastName, email: writer.email, mobile };
      return { ticket, method: 'POST', apiPath: ProfileEndpoints.updateProfile.path, body, token };
    }
    case 'watch-list':
    case 'like': {
      const titleId = pick(titleIds);
      const key = `${kind}:${writer.id}:${titleId}`;
      const ticket = ledger.send(key, !ledger.current(key, false), false);
      const apiPath = kind === 'like' ? PlaybackEndpoints.like.path : WatchlistEndpoints.toggle.path;
      return { ticket, method: 'POST', apiPath, body: { entertainment_id: titleId }, token };
    }
    case 'progress': {
      const titleId = pick(titleIds);
      const position = writer.nextPosition++;
      const ticket = ledger.send(`progress:${writer.id}:${titleId}`, position, null);
      const body = { entertainment_id: titleId, position_seconds: position, duration_seconds: 86_400 };
      return { ticket, method: 'POST', apiPath: PlaybackEndpoints.saveProgress.path, body, token };
    }
  }
}

/** Every client writes until the server is killed at a random moment; returns what happened. */
async function writeUntilKilled(
  target: EmbeddedServer,
  round: number,
  writers: Writer[],
  titleIds: number[],
  killAfterMs: number,
): Promise<RoundOutcome> {
  const outcome: RoundOutcome = { acknowledged: 0, inFlightAtKill: 0, unexpected: [] };
  let killed = false;
  const clients = writers.map(async (writer, client) => {
    for (let sequence = 1; !killed; sequence++) {
      const kind = pick(MIX);
      const label = `${round}-${client}-${sequence}`;
      const write = prepareWrite(kind, writer, titleIds, label);
      let status = 0;
      try {
        ({ status } = await call(target.url, write.method, write.apiPath, {
          token: write.token,
          body: write.body,
        }));
      } catch {
        // No answer: the server was killed with the write in flight.
      }
      if (status >= 200 && status < 300) {
        ledger.acknowledge(write.ticket);
        outcome.acknowledged++;
        acknowledgedByKind.set(kind, (acknowledgedByKind.get(kind) ?? 0) + 1);
      } else {
        ledger.unanswered(write.ticket);
        if (status === 0) outcome.inFlightAtKill++;
        else outcome.unexpected.push(`${kind} ${label}: ${status}`);
      }
    }
  });
  await sleep(killAfterMs);
  killed = true;
  await target.kill();
  await Promise.all(clients);
  return outcome;
}

/** What the database holds for every ledger key, read beside the restarted server. */
function readState(): {
  read: (key: string) => LedgerValue;
  health: ReturnType<typeof fileHealth>;
  counterMismatches: string[];
} {
  const db = openReadOnly(dataDir);
  try {
    // One read transaction: the keys, the counters and the checks see the same moment.
    return db.transaction(() => {
      const state = new Map<string, LedgerValue>();
      const users = db.prepare('select id, email, last_name, mobile from users').all() as {
        id: number;
        email: string;
        last_name: string;
        mobile: string | null;
      }[];
      for (const user of users) {
        state.set(`user:${user.email}`, true);
        state.set(`profile:${user.id}`, `${user.last_name}|${user.mobile ?? ''}`);
      }
      for (const row of db.prepare('select user_id, title_id from watchlist').all() as {
        user_id: number;
        title_id: number;
      }[])
        state.set(`watch-list:${row.user_id}:${row.title_id}`, true);
      for (const row of db.prepare('select user_id, title_id from likes').all() as {
        user_id: number;
        title_id: number;
      }[])
        state.set(`like:${row.user_id}:${row.title_id}`, true);
      for (const row of db
        .prepare('select user_id, title_id, position_seconds from playback_progress where episode_id = 0')
        .all() as { user_id: number; title_id: number; position_seconds: number }[])
        state.set(`progress:${row.user_id}:${row.title_id}`, row.position_seconds);

      // Counters kept in the same transaction as the rows they count.
      const counterMismatches = (
        db
          .prepare(
            `select t.id, t.like_count, t.view_count,
               (select count(*) from likes l where l.title_id = t.id) as likes,
               (select count(*) from views v where v.title_id = t.id) as views,
               (select coalesce(sum(d.views), 0) from title_daily_views d where d.title_id = t.id) as daily
             from titles t`,
          )
          .all() as {
          id: number;
          like_count: number;
          view_count: number;
          likes: number;
          views: number;
          daily: number;
        }[]
      )
        .filter((t) => t.like_count !== t.likes || t.view_count !== t.views || t.daily !== t.views)
        .map(
          (t) =>
            `title ${t.id}: like_count ${t.like_count} for ${t.likes} likes, view_count ${t.view_count} and daily ${t.daily} for ${t.views} views`,
        );

      // A key without a row: no such member, not on the list, not liked, never played.
      const absent = (key: string): LedgerValue => (key.startsWith('progress:') ? null : false);
      return {
        read: (key: string) => state.get(key) ?? absent(key),
        health: fileHealth(db),
        counterMismatches,
      };
    })();
  } finally {
    db.close();
  }
}

/** What the rounds measured, printed whether they passed or not. */
const tally = {
  rounds: 0,
  killMoments: [] as number[],
  acknowledged: 0,
  inFlightAtKills: 0,
  landed: 0,
  notLanded: 0,
  lost: 0,
  integrityChecks: 0,
  integrityOk: 0,
  foreignKeyViolations: 0,
  counterMismatches: 0,
  unexpected: 0,
  restartMs: [] as number[],
  recoveryMs: [] as number[],
  walBytesAtKills: [] as number[],
  finalIntegrity: 'not reached',
};

function report() {
  const sortedRestarts = [...tally.restartMs].sort((a, b) => a - b);
  const average = sortedRestarts.reduce((sum, value) => sum + value, 0) / (sortedRestarts.length || 1);
  figure(
    suite,
    'rounds (kill -9, restart on the same DATA_DIR)',
    `${tally.rounds} of ${profile.sqliteRounds}`,
  );
  figure(suite, 'concurrent writing clients', profile.sqliteClients);
  if (tally.killMoments.length > 0) {
    const from = ms(Math.min(...tally.killMoments));
    figure(suite, 'kill moments after the writes began', `${from} to ${ms(Math.max(...tally.killMoments))}`);
  }
  figure(suite, 'writes acknowledged (2xx) before the kills', tally.acknowledged);
  figure(
    suite,
    'acknowledged by kind',
    [...acknowledgedByKind].map(([kind, count]) => `${kind} ${count}`).join(', '),
  );
  figure(suite, 'writes in flight at the kills (no answer)', tally.inFlightAtKills);
  figure(suite, 'in-flight writes found applied / not applied', `${tally.landed} / ${tally.notLanded}`);
  figure(suite, 'acknowledged writes lost', tally.lost);
  figure(suite, 'keys checked after each restart', ledger.keys().length);
  figure(
    suite,
    'integrity_check',
    `ok in ${tally.integrityOk} of ${tally.integrityChecks} checks after a kill; ${tally.finalIntegrity} after the clean stop`,
  );
  figure(suite, 'foreign_key_check violations', tally.foreignKeyViolations);
  figure(suite, 'like/view counters out of step with their rows', tally.counterMismatches);
  figure(suite, 'answers other than 2xx', tally.unexpected);
  figure(suite, 'restarts that came up', `${tally.restartMs.length} of ${tally.rounds}`);
  if (sortedRestarts.length > 0) {
    figure(
      suite,
      'restart time (spawn to /readyz 200)',
      `average ${ms(average)}, p50 ${ms(percentile(sortedRestarts, 50))}, max ${ms(sortedRestarts.at(-1)!)}`,
    );
  }
  if (tally.recoveryMs.length > 0) {
    const recovery = tally.recoveryMs.reduce((sum, value) => sum + value, 0) / tally.recoveryMs.length;
    figure(
      suite,
      'of which the database (open, WAL recovery, migrations), on a copy',
      `average ${ms(recovery)}, max ${ms(Math.max(...tally.recoveryMs))}`,
    );
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
    figure(suite, 'WAL size at the kills', `up to ${kib(Math.max(...tally.walBytesAtKills))}`);
  }
  figure(suite, 'total duration', `${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

/** Starts the server, makes the titles and the writers (one member per client). */
async function setUp(clients: number): Promise<{ titleIds: number[]; writers: Writer[] }> {
  server = await start();
  figure(suite, 'first start (new database, migrations)', ms(server.startMs));
  const admin = await signUp(server.url, 'crash-admin');
  writeBeside(dataDir, (db) => db.prepare('update users set is_admin = 1 where id = ?').run(admin.id));
  const adminToken = (await signIn(server.url, admin.email, admin.password)).token;
  const titleIds: number[] = [];
  for (let index = 1; index <= TITLES; index++) {
    const created = await call(server.url, 'POST', '/admin/titles', {
      token: adminToken,
      body: { type: 'movie', name: `Crash test ${index}`, is_published: true },
    });
    expect(created.status, created.text).toBe(201);
    titleIds.push(created.body.data.id);
  }
  const writers: Writer[] = [];
  for (let client = 0; client < clients; client++) {
    const member = await signUp(server.url, `crash-writer-${client}`);
    writers.push({ ...member, nextPosition: 31 });
  }
  return { titleIds, writers };
}

/** One round: writes, kill -9 at a random moment, restart, then the database is checked. */
async function crashRound(round: number, writers: Writer[], titleIds: number[]): Promise<void> {
  const killAfterMs = KILL_AFTER_MS.min + random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
  tally.killMoments.push(killAfterMs);
  const outcome = await writeUntilKilled(server!, round, writers, titleIds, killAfterMs);
  server = undefined;
  tally.walBytesAtKills.push(walBytes(dataDir));
  tally.recoveryMs.push(await timeRecoveryOfCopy(dataDir, scratchDir));
  tally.rounds++;
  tally.acknowledged += outcome.acknowledged;
  tally.inFlightAtKills += outcome.inFlightAtKill;
  tally.unexpected += outcome.unexpected.length;
  const where = `round ${round} (seed ${seed}, killed after ${ms(killAfterMs)})`;

  try {
    server = await start();
  } catch (error) {
    throw new Error(`${where}: the server did not start again: ${String(error)}\n${output.join('\n')}`);
  }
  tally.restartMs.push(server.startMs);

  const { read, health, counterMismatches } = readState();
  const check = ledger.check(read);
  tally.landed += check.landed;
  tally.notLanded += check.notLanded;
  tally.lost += check.lost.length;
  tally.integrityChecks++;
  if (health.integrity === 'ok') tally.integrityOk++;
  tally.foreignKeyViolations += health.foreignKeyViolations;
  tally.counterMismatches += counterMismatches.length;
  expect(check.lost, `${where}: acknowledged writes lost`).toEqual([]);
  expect(health.integrity, `${where}: integrity_check`).toBe('ok');
  expect(health.foreignKeyViolations, `${where}: foreign_key_check`).toBe(0);
  expect(counterMismatches, `${where}: counters out of step with their rows`).toEqual([]);
  expect(outcome.unexpected, `${where}: answers other than 2xx`).toEqual([]);
}

/**
 * A restart costs seconds of CPU (module loading), far more on a loaded machine: the deadline is
 * generous per round; a server that does not come up fails its round after 180 s anyway.
 */
const TEST_TIMEOUT_MS = 120_000 + profile.sqliteRounds * 45_000;

describe('the embedded default (SQLite) under kill -9', () => {
  it(
    `keeps every acknowledged write through ${profile.sqliteRounds} kills while members write`,
    async () => {
      startedAt = performance.now();
      figure(suite, 'profile', `${profile.name}, seed ${seed}`);
      const { titleIds, writers } = await setUp(profile.sqliteClients);
      for (let round = 1; round <= profile.sqliteRounds && !finished; round++) {
        await crashRound(round, writers, titleIds);
      }
      if (finished) return;
      // A clean stop after the last round, then the file alone, as a backup would read it.
      await server!.stop();
      server = undefined;
      const file = openReadOnly(dataDir);
      const finalHealth = fileHealth(file);
      file.close();
      tally.finalIntegrity = finalHealth.integrity;
      tally.foreignKeyViolations += finalHealth.foreignKeyViolations;
      expect(finalHealth).toEqual({ integrity: 'ok', foreignKeyViolations: 0 });
      // The kills must have caught writes in flight, or the suite proved nothing about them.
      expect(tally.acknowledged).toBeGreaterThan(profile.sqliteRounds);
      expect(tally.inFlightAtKills).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );
});
