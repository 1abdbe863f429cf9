/**
 * API throughput benchmark:
 * `npm run bench:api [-- --duration 10 --connections 50 --titles 100000 --plays 1000000 --rounds 2
 *   --postgres URL --only REGEXP]`.
 *
 * Seeds a synthetic catalog into a temporary DATA_DIR (SQLite, or a fresh temporary database on
 * the PostgreSQL server given with --postgres), starts the real server in production mode and a
 * bare Fastify server that answers with a fixed JSON body of the same size as each measured
 * response, and loads both with autocannon (run in a worker thread so the load generator does not
 * share the servers' event loop). Everything listens on 127.0.0.1 and is removed at the end.
 *
 * Member rows and search are measured for a member without a maturity limit and beside it for
 * profiles limited to U/A 13+ and U/A 7+ (the rating filter). `CATALOG_CACHE_SECONDS=0` in the
 * environment turns the catalog cache off, so every request runs its queries.
 *
 * The recommendations job is timed on the seeded catalog and `--plays` synthetic plays (members
 * with taste, synthetic-plays.ts), run once before the load (the server's own job runner is off, so
 * nothing else runs beside it), and the personal rows are measured beside today's rows. `--only`
 * keeps the endpoints whose name matches the regular expression.
 */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  API_BASE,
  AuthEndpoints,
  CatalogEndpoints,
  CatalogRowEndpoints,
  pathWith,
  RecommendationEndpoints,
  SearchEndpoints,
} from '@reeltime/contract';
import { chooseFileStore } from '../src/adapters/storage/choose-file-store';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, migrateToLatest } from '../src/db/connection';
import { seedSyntheticCatalog } from '../src/db/seed/synthetic';
import { createRecommendationsService } from '../src/modules/recommendations/recommendations.service';
import { insertPlan, subscribe } from '../src/testing/billing';
import { ownerProfileId } from '../src/testing/http';
import { addAndSelectProfile } from '../src/testing/profiles';
import { insertSyntheticPlays } from './support/synthetic-plays';
import { temporaryPostgres } from './support/temporary-postgres';

const HOST = '127.0.0.1';
/** The recommendations job on 100 000 titles and 1 000 000 plays, on a 2-core machine. */
const JOB_TARGET_MS = 60_000;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    titles: { type: 'string', default: '100000' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    postgres: { type: 'string' },
    plays: { type: 'string', default: '1000000' },
    only: { type: 'string' },
  },
});
const plays = Number(args.plays);
const duration = Number(args.duration);
const connections = Number(args.connections);
const titles = Number(args.titles);
const warmup = Number(args.warmup);
/** Bare and real runs alternate in this many slices, so a change in machine load hits both alike. */
const rounds = Math.max(1, Math.round(Number(args.rounds)));
for (const [name, value] of Object.entries({ duration, connections, titles, warmup, rounds, plays })) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
}

/** Queries typed into the search box, one with a typo; autocannon cycles through them. */
const SEARCH_QUERIES = [
  'midnight',
  'lantern',
  'crimson harbour',
  'midnigt lantern',
  'the saffron',
  'observatory of',
];

interface Target {
  name: string;
  /** Paths requested in turn. */
  paths: string[];
  headers: Record<string, string>;
  /** Overrides --connections (a single connection shows service time without queueing). */
  connections?: number;
  /** Throughput must be at least this share of the bare route's. */
  minRatio?: number;
  /** p99 latency must stay under this many milliseconds. */
  maxP99Ms?: number;
}

interface Measured {
  requestsPerSecond: number;
  /** Mean latency in milliseconds. */
  mean: number;
  p99: number;
  failures: number;
}

/** A JSON body of exactly `bytes` bytes (at least the size of the smallest envelope). */
function jsonOfSize(bytes: number): string {
  const empty = JSON.stringify({ status: true, data: '' });
  return JSON.stringify({ status: true, data: 'x'.repeat(Math.max(0, bytes - empty.length)) });
}

function listenAddress(server: FastifyInstance): string {
  const address = server.server.address() as AddressInfo;
  return `http://${HOST}:${address.port}`;
}

interface Envelope {
  status?: boolean;
  data?: unknown;
}

async function fetchJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; text: string; json: Envelope }> {
  // Once more on a network error: a keep-alive socket the server closed while this process was
  // busy (the recommendations job runs in it) fails the first request sent on it.
  const res = await fetch(url, init).catch(() => fetch(url, init));
  const text = await res.text();
  let json: Envelope = {};
  try {
    json = JSON.parse(text) as Envelope;
  } catch {
    // Reported through `status` by the caller.
  }
  return { status: res.status, text, json };
}

function load(
  url: string,
  target: Pick<Target, 'paths' | 'headers' | 'connections'>,
  seconds: number,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: target.connections ?? connections,
        duration: seconds,
        workers: 1,
        headers: target.headers,
        requests: target.paths.map((requestPath) => ({ method: 'GET', path: requestPath })),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          mean: result.latency.average,
          p99: result.latency.p99,
          failures: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
  });
}

/** Mean throughput and latency over the slices; the worst slice's p99 (percentiles do not average). */
function combine(slices: Measured[]): Measured {
  const mean = (pick: (slice: Measured) => number) =>
    slices.reduce((sum, slice) => sum + pick(slice), 0) / slices.length;
  return {
    requestsPerSecond: mean((slice) => slice.requestsPerSecond),
    mean: mean((slice) => slice.mean),
    p99: Math.max(...slices.map((slice) => slice.p99)),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      );
      const text = line.join('  ');
      return index === 0 ? `${text}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : text;
    })
    .join('\n');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-'));
  const cleanups: Array<() => Promise<unknown>> = [
    async () => rmSync(dataDir, { recursive: true, force: true }),
  ];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch(() => {});
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The recommendations job is run and timed once below, alone.
      IN_PROCESS_WORKER: 'false',
    };
    // Never load a database named in the environment: the benchmark only writes to its own.
    delete env.DATABASE_URL;
    if (args.postgres) {
      const database = await temporaryPostgres(args.postgres);
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const config = loadConfig(env);
    console.log(`Seeding ${titles} synthetic titles (${config.dialect}) in ${dataDir}`);
    const { db, dialect } = createDb(config.databaseUrl);
    try {
      await migrateToLatest(db);
      const seeded = await seedSyntheticCatalog(db, dialect, await chooseFileStore(config), { titles });
      console.log(`Seeded ${seeded.rows} rows in ${(seeded.elapsedMs / 1000).toFixed(1)}s`);
      const history = await insertSyntheticPlays(db, dialect, { plays });
      console.log(
        `Seeded ${history.plays} plays and ${history.likes} likes of ${history.members} members in ` +
          `${(history.elapsedMs / 1000).toFixed(1)}s`,
      );
    } finally {
      await db.destroy();
    }

    const app = await buildApp(config);
    cleanups.push(() => app.close());
    await app.listen({ host: HOST, port: 0 });
    const appUrl = listenAddress(app);

    // A member for the member-only search suggestions.
    const member = {
      first_name: 'Bench',
      last_name: 'Member',
      email: 'bench@reeltime.local',
      password: 'bench-password',
    };
    const json = { 'content-type': 'application/json' };
    await fetchJson(`${appUrl}${API_BASE}${AuthEndpoints.register.path}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(member),
    });
    const login = await fetchJson(`${appUrl}${API_BASE}${AuthEndpoints.login.path}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const loggedIn = login.json.data as { api_token?: string; id?: number } | undefined;
    const token = loggedIn?.api_token;
    if (!token || !loggedIn.id) throw new Error(`Could not sign in the benchmark member (${login.status})`);
    // Profiles with a maturity limit in the same household, added and chosen through the API (a
    // plan allowing them first: an account without one has only the owner's profile).
    await subscribe(app, loggedIn.id, await insertPlan(app, { name: 'Bench household', profiles: 3 }));
    const owner = { authorization: `Bearer ${token}` };
    const limited = {
      teen: await addAndSelectProfile(app, owner, { name: 'Teen', maturity_limit: 'U/A 13+' }),
      kids: await addAndSelectProfile(app, owner, { name: 'Kids', maturity_limit: 'U/A 7+', is_kids: true }),
    };

    const popular = await fetchJson(`${appUrl}${API_BASE}${CatalogRowEndpoints.popular.path}`);
    const detailId = (popular.json.data as Array<{ id: number }> | undefined)?.[0]?.id;
    if (popular.status !== 200 || !detailId) throw new Error(`popular-movie answered ${popular.status}`);

    // The benchmark's profiles have played some titles, so their rows have reasons; then the job.
    const played = (await fetchJson(`${appUrl}${API_BASE}${CatalogRowEndpoints.latest.path}?per_page=30`))
      .json.data as Array<{ id: number }>;
    const now = Date.now();
    await app.ctx.db
      .insertInto('playback_progress')
      .values(
        [await ownerProfileId(app, loggedIn.id), limited.teen.profileId, limited.kids.profileId].flatMap(
          (profileId) =>
            played.map((title, index) => ({
              user_id: loggedIn.id!,
              profile_id: profileId,
              title_id: title.id,
              episode_id: 0,
              position_seconds: 600,
              duration_seconds: 6000,
              finished: index % 2,
              updated_at: now - index * 60_000,
            })),
        ),
      )
      .execute();
    const job = await createRecommendationsService(app.ctx).compute();
    const jobLine =
      `Recommendations job: ${(job.ms / 1000).toFixed(1)} s for ${titles} titles and ${plays} plays ` +
      `(${job.titles} titles with neighbours, ${job.similarities} similarities, ${job.trending} trending)`;
    console.log(jobLine);

    const targets: Target[] = [
      {
        name: 'GET /user/banners',
        paths: [`${API_BASE}${CatalogEndpoints.banners.path}`],
        headers: {},
        minRatio: 0.5,
      },
      {
        name: 'GET /user/popular-movie',
        paths: [`${API_BASE}${CatalogRowEndpoints.popular.path}`],
        headers: {},
        minRatio: 0.5,
      },
      {
        name: `GET /user/movie-details/${detailId}`,
        paths: [`${API_BASE}${pathWith(CatalogEndpoints.movieDetails.path, { id: detailId })}`],
        headers: {},
        minRatio: 0.5,
      },
      {
        name: 'GET /user/search-list-dropdown',
        paths: SEARCH_QUERIES.map(
          (query) => `${API_BASE}${SearchEndpoints.suggestions.path}?query=${encodeURIComponent(query)}`,
        ),
        headers: { authorization: `Bearer ${token}` },
        maxP99Ms: 20,
      },
    ];
    const suggestions = targets[targets.length - 1]!;
    targets.push({ ...suggestions, name: `${suggestions.name} (1 connection)`, connections: 1 });
    // Shown for reference, without a target: a member's rows carry their own watch list, so they
    // are never served from the visitors' shared responses. Each is followed by the same read as
    // profiles with a maturity limit (the rating filter).
    const searchPaths = SEARCH_QUERIES.map(
      (query) => `${API_BASE}${SearchEndpoints.search.path}?search=${encodeURIComponent(query)}`,
    );
    const memberReads: Array<Pick<Target, 'name' | 'paths'>> = [
      { name: 'GET /user/popular-movie', paths: [`${API_BASE}${CatalogRowEndpoints.popular.path}`] },
      {
        name: 'GET /user/all-time-popular-movie',
        paths: [`${API_BASE}${CatalogRowEndpoints.popularMovies.path}`],
      },
      { name: 'GET /user/recommendations', paths: [`${API_BASE}${RecommendationEndpoints.list.path}`] },
      { name: 'GET /user/latest-movie', paths: [`${API_BASE}${CatalogRowEndpoints.latest.path}`] },
      { name: 'GET /user/most-like-movie', paths: [`${API_BASE}${CatalogRowEndpoints.mostLiked.path}`] },
      { name: 'GET /user/search-list-dropdown', paths: suggestions.paths },
      { name: 'GET /user/get-search', paths: searchPaths },
    ];
    for (const read of memberReads) {
      targets.push({ ...read, name: `${read.name} (member)`, headers: { authorization: `Bearer ${token}` } });
      targets.push({
        ...read,
        name: `${read.name} (profile U/A 13+)`,
        headers: { authorization: limited.teen.authorization },
      });
      targets.push({
        ...read,
        name: `${read.name} (profile U/A 7+)`,
        headers: { authorization: limited.kids.authorization },
      });
    }

    if (args.only) {
      const only = new RegExp(args.only);
      targets.splice(0, targets.length, ...targets.filter((target) => only.test(target.name)));
    }

    // Measure each response once: it must succeed, and its size sets the bare route's body.
    const bare = Fastify({ logger: false });
    cleanups.push(() => bare.close());
    for (const [index, target] of targets.entries()) {
      const sizes: number[] = [];
      for (const requestPath of target.paths) {
        const res = await fetchJson(`${appUrl}${requestPath}`, { headers: target.headers });
        if (res.status !== 200 || res.json.status !== true) {
          throw new Error(`${requestPath} answered ${res.status}: ${res.text.slice(0, 200)}`);
        }
        sizes.push(Buffer.byteLength(res.text));
      }
      const size = Math.round(sizes.reduce((sum, value) => sum + value, 0) / sizes.length);
      const body = jsonOfSize(size);
      bare.get(`/bare/${index}`, (_request, reply) => {
        reply.header('content-type', 'application/json; charset=utf-8').send(body);
      });
      console.log(
        `${target.name}: ${size} bytes${target.paths.length > 1 ? ` (average of ${target.paths.length} queries)` : ''}`,
      );
    }
    await bare.listen({ host: HOST, port: 0 });
    const bareUrl = listenAddress(bare);

    const [load1, load5] = loadavg();
    console.log(
      `\ncatalog cache: ${config.catalogCacheSeconds > 0 ? `${config.catalogCacheSeconds}s` : 'off'}; ` +
        `autocannon: ${connections} connections, ${duration}s per endpoint in ${rounds} slices alternating with ` +
        `the bare route (after ${warmup}s warm-up); ` +
        `${availableParallelism()} CPUs, load average ${load1!.toFixed(1)} / ${load5!.toFixed(1)}\n`,
    );
    const rows = [
      ['endpoint', 'conns', 'req/s', 'mean ms', 'p99 ms', 'bare req/s', 'bare p99 ms', 'ratio', 'errors'],
    ];
    const verdicts: string[] = [];
    for (const [index, target] of targets.entries()) {
      const bareTarget = { paths: [`/bare/${index}`], headers: {}, connections: target.connections };
      if (warmup > 0) {
        await load(bareUrl, bareTarget, warmup);
        await load(appUrl, target, warmup);
      }
      const baselineRounds: Measured[] = [];
      const measuredRounds: Measured[] = [];
      for (let round = 0; round < rounds; round++) {
        baselineRounds.push(await load(bareUrl, bareTarget, duration / rounds));
        measuredRounds.push(await load(appUrl, target, duration / rounds));
      }
      const baseline = combine(baselineRounds);
      const measured = combine(measuredRounds);
      const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
      rows.push([
        target.name,
        String(target.connections ?? connections),
        measured.requestsPerSecond.toFixed(0),
        measured.mean.toFixed(1),
        String(measured.p99),
        baseline.requestsPerSecond.toFixed(0),
        String(baseline.p99),
        `${(ratio * 100).toFixed(0)}%`,
        String(measured.failures),
      ]);
      if (target.minRatio !== undefined) {
        const met = ratio >= target.minRatio && measured.failures === 0;
        verdicts.push(
          `${met ? 'MET    ' : 'NOT MET'}  ${target.name}: ${(ratio * 100).toFixed(0)}% of bare (target >= ${target.minRatio * 100}%)`,
        );
      }
      if (target.maxP99Ms !== undefined) {
        const met = measured.p99 < target.maxP99Ms && measured.failures === 0;
        verdicts.push(
          `${met ? 'MET    ' : 'NOT MET'}  ${target.name}: p99 ${measured.p99} ms (target < ${target.maxP99Ms} ms)`,
        );
      }
      console.log(`  measured ${target.name}`);
    }
    const jobMet = job.ms < JOB_TARGET_MS;
    verdicts.push(
      `${jobMet ? 'MET    ' : 'NOT MET'}  recommendations job: ${(job.ms / 1000).toFixed(1)} s (target < ${JOB_TARGET_MS / 1000} s)`,
    );
    console.log(
      `\n${jobLine}\n\n${table(rows)}\n\nTargets:\n${verdicts.map((line) => `  ${line}`).join('\n')}`,
    );
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
