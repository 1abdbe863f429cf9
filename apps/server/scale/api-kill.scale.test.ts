import { setTimeout as sleep } from 'node:timers/promises';
import {
  CatalogEndpoints,
  CatalogRowEndpoints,
  pathWith,
  SearchEndpoints,
  WatchlistEndpoints,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, signUpAdmin, type Member } from './harness/client';
import { runLoad, statusSummary } from './harness/load';
import { killApiProcess, type KillRecord } from './harness/process-watch';
import { profile } from './harness/profile';
import { figure, ms } from './harness/report';
import { startScaleSite, type ScaleSite } from './harness/site';

/**
 * `kill -9` of API workers under load on the cluster's shared port. Reads (details, search, rows,
 * genres) and writes (watch-list additions by members, new titles by an admin), each write with a
 * value of its own so that every acknowledged one can be looked up in the database afterwards.
 * A request in flight on the killed worker gets no answer: clients retry a read once, as browsers
 * and players do, and never resend a write (it may have committed).
 */
const SUITE = 'api-kill';
/** Kills in this run: one in CI's short form, two (of different processes) in the full one. */
const KILLS = profile.name === 'ci' ? 1 : 2;
/** Titles each member may add to its watch list: more than one client's writes in the run. */
const TITLES_PER_CLIENT = profile.name === 'ci' ? 200 : 500;

let site: ScaleSite;
let admin: Member;
let members: Member[];
let titleIds: number[];

beforeAll(async () => {
  site = await startScaleSite({ api: 3, workers: 1 });
  const now = Date.now();
  const rows = await site.sql<{ id: number }>(
    `insert into titles (type, name, description, release_date, poster_image, thumbnail_image,
                         is_free, is_published, created_at, updated_at)
     select 'movie', 'Load title ' || g, '', '2020-01-01', '/media/posters/load.jpg',
            '/media/thumbnails/load.jpg', 0, 1, $1, $1
     from generate_series(1, $2) g
     returning id`,
    [now, profile.clients * TITLES_PER_CLIENT],
  );
  titleIds = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  admin = await signUpAdmin(site.url, site.sql);
  members = [];
  // A few at a time: sign-ups hash passwords, which is the slowest thing the site does.
  for (let next = 0; next < profile.clients; next += 4) {
    const batch = Array.from({ length: Math.min(4, profile.clients - next) }, () => signUp(site.url, 'load'));
    members.push(...(await Promise.all(batch)));
  }
});

afterAll(async () => {
  await site?.close();
});

type Kind = 'read' | 'write';
const isFailure = (status: number) => status === 0 || status >= 500;

/** `a × 2, b × 1`: how often each distinct line occurs. */
function tally(lines: string[]): string {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts].map(([line, n]) => `${line} × ${n}`).join('; ') || 'none';
}

describe(`api-kill: kill -9 of an API worker under load on the shared port (${profile.name} profile)`, () => {
  it('loses no acknowledged write and fails no retried read while a killed worker restarts', async () => {
    const counts: Record<Kind, Map<number, number>> = { read: new Map(), write: new Map() };
    const count = (kind: Kind, status: number) =>
      counts[kind].set(status, (counts[kind].get(status) ?? 0) + 1);
    const ackedWatchList: Array<{ userId: number; titleId: number }> = [];
    const ackedTitles: Array<{ id: number; name: string }> = [];
    /** Writes that got no acknowledgement: they may or may not have taken effect. */
    const unansweredWatchList: Array<{ userId: number; titleId: number }> = [];
    const unansweredTitleNames: string[] = [];
    const unexpectedAnswers: string[] = [];
    /** Reads that got no answer the first time (in flight on the killed worker), then were retried. */
    const readsRetried: string[] = [];
    const nextTitle = new Array<number>(profile.clients).fill(0);
    const rows = Object.values(CatalogRowEndpoints).map((row) => row.path);

    const read = async (client: number, iteration: number): Promise<number> => {
      const token = members[client]!.token;
      const pick = titleIds[(client * 7919 + iteration * 104_729) % titleIds.length]!;
      const apiPath = [
        pathWith(CatalogEndpoints.movieDetails.path, { id: pick }),
        `${SearchEndpoints.search.path}?search=${encodeURIComponent(`Load title ${pick % 500}`)}`,
        rows[iteration % rows.length]!,
        CatalogEndpoints.genres.path,
      ][iteration % 4]!;
      const send = () => call(site.url, 'GET', apiPath, { token }).catch(() => ({ status: 0 }));
      let { status } = await send();
      if (isFailure(status)) {
        readsRetried.push(`GET ${apiPath}: ${status}`);
        await sleep(100);
        ({ status } = await send());
      }
      count('read', status);
      if (status !== 200 && !isFailure(status)) unexpectedAnswers.push(`GET ${apiPath}: ${status}`);
      return status;
    };

    const write = async (client: number, iteration: number): Promise<number> => {
      if (client === 0) {
        const name = `Kill load ${iteration}`;
        const res = await call(site.url, 'POST', '/admin/titles', {
          token: admin.token,
          body: { type: 'movie', name, is_published: true },
        }).catch(() => ({ status: 0, body: undefined, text: '' }));
        count('write', res.status);
        if (res.status === 201) ackedTitles.push({ id: res.body.data.id, name });
        else if (isFailure(res.status)) unansweredTitleNames.push(name);
        else unexpectedAnswers.push(`POST /admin/titles: ${res.status} ${res.text}`);
        return res.status;
      }
      const member = members[client]!;
      const titleId = titleIds[client * TITLES_PER_CLIENT + nextTitle[client]!]!;
      nextTitle[client]!++;
      const res = await call(site.url, 'POST', WatchlistEndpoints.toggle.path, {
        token: member.token,
        body: { entertainment_id: titleId },
      }).catch(() => ({ status: 0, body: undefined, text: '' }));
      count('write', res.status);
      if (res.status === 200 && res.body?.data?.is_watch_list === true)
        ackedWatchList.push({ userId: member.id, titleId });
      else if (isFailure(res.status)) unansweredWatchList.push({ userId: member.id, titleId });
      else unexpectedAnswers.push(`POST save-watch-list: ${res.status} ${res.text}`);
      return res.status;
    };

    const stopLoad = new AbortController();
    const loadStarted = performance.now();
    const elapsed = () => (performance.now() - loadStarted) / 1000;
    const load = runLoad({
      clients: profile.clients,
      // Ended by stopLoad: the load goes on until every killed process is back and a little after.
      seconds: profile.loadSeconds + 600,
      signal: stopLoad.signal,
      send: (client, iteration) =>
        iteration % 3 === 2 && nextTitle[client]! < TITLES_PER_CLIENT
          ? write(client, iteration)
          : read(client, iteration),
    });

    const kills: Array<KillRecord & { atSecond: number; backAfter: number }> = [];
    try {
      for (let round = 0; round < KILLS; round++) {
        // The first kill a quarter into the load, the next one after the first is back.
        const at = profile.loadSeconds * (round === 0 ? 0.25 : 0.5);
        while (elapsed() < at) await sleep(50);
        const killed = killApiProcess(site.cluster.apis[1 + (round % 2)]!);
        const atSecond = elapsed();
        const backAfter = await killed.backAfterMs;
        kills.push({ ...killed, atSecond, backAfter });
      }
      // Load on the restarted process too before stopping.
      while (elapsed() < profile.loadSeconds) await sleep(50);
      await sleep(2000);
    } finally {
      stopLoad.abort();
    }
    const result = await load;

    // Every acknowledged write is in the database.
    const listed = await site.sql<{ user_id: number; title_id: number }>(
      'select user_id, title_id from watchlist',
    );
    const onLists = new Set(listed.map((row) => `${row.user_id}:${row.title_id}`));
    const lostWatchList = ackedWatchList.filter((w) => !onLists.has(`${w.userId}:${w.titleId}`));
    const stored = await site.sql<{ id: number; name: string }>(
      'select id, name from titles where id = any($1)',
      [ackedTitles.map((title) => title.id)],
    );
    const storedNames = new Map(stored.map((row) => [Number(row.id), row.name]));
    const lostTitles = ackedTitles.filter((title) => storedNames.get(title.id) !== title.name);

    const namesStored = await site.sql<{ name: string }>('select name from titles where name = any($1)', [
      unansweredTitleNames,
    ]);
    const unansweredApplied =
      unansweredWatchList.filter((w) => onLists.has(`${w.userId}:${w.titleId}`)).length + namesStored.length;
    const clusterLines = site.output.filter((line) => line.startsWith('cluster | '));
    const readsFailed = [...counts.read]
      .filter(([status]) => isFailure(status))
      .reduce((n, [, c]) => n + c, 0);
    const writesSent = [...counts.write.values()].reduce((n, c) => n + c, 0);
    const writesUnanswered = [...counts.write]
      .filter(([status]) => isFailure(status))
      .reduce((n, [, c]) => n + c, 0);
    const acked = ackedWatchList.length + ackedTitles.length;

    figure(
      SUITE,
      'profile',
      `${profile.name}: ${profile.clients} clients on the shared port, 3 API workers, 1 BullMQ worker`,
    );
    for (const kill of kills) {
      figure(SUITE, `kill -9 of ${kill.name} (pid ${kill.pid}) at`, `${kill.atSecond.toFixed(1)} s of load`);
      figure(SUITE, `${kill.name} back (ready, taking requests) after`, ms(kill.backAfter));
    }
    figure(SUITE, 'load duration', `${elapsed().toFixed(1)} s`);
    figure(
      SUITE,
      'requests',
      `${result.requests} (${result.perSecond.toFixed(0)}/s), p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}`,
    );
    figure(SUITE, 'reads', `${statusSummary(counts.read)}`);
    figure(SUITE, 'writes', `${statusSummary(counts.write)}`);
    figure(SUITE, 'reads in flight on a killed worker, retried by the client', readsRetried.length);
    figure(SUITE, 'reads failed after the retry (no answer or 5xx)', readsFailed);
    figure(
      SUITE,
      'writes sent / acknowledged',
      `${writesSent} / ${acked} (${ackedWatchList.length} watch-list additions, ${ackedTitles.length} new titles)`,
    );
    figure(SUITE, 'writes not acknowledged (in flight on a killed worker: no answer)', writesUnanswered);
    figure(SUITE, 'of those, committed although the answer was lost', unansweredApplied);
    figure(SUITE, 'acknowledged writes lost', lostWatchList.length + lostTitles.length);
    figure(SUITE, 'answers other than 200/201 and failures', unexpectedAnswers.length);

    expect(kills).toHaveLength(KILLS);
    expect(lostWatchList).toEqual([]);
    expect(lostTitles).toEqual([]);
    expect(acked).toBeGreaterThan(0);
    expect(readsFailed, tally(readsRetried)).toBe(0);
    expect(unexpectedAnswers.slice(0, 10)).toEqual([]);
    // Each kill was a real SIGKILL seen by the primary, which logged it and forked a new worker.
    for (const kill of kills) {
      const died = `${kill.name} (pid ${kill.pid}) was killed by SIGKILL; restarting it in`;
      expect(
        clusterLines.some((line) => line.includes(died)),
        clusterLines.join('\n'),
      ).toBe(true);
    }
    // Every process is serving again.
    for (let index = 0; index < 3; index++) {
      const ready = await fetch(`${site.apiUrl(index)}/readyz`);
      expect(ready.status).toBe(200);
    }
  });
});
