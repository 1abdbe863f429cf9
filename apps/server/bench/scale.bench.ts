/**
 * Scaled-out throughput benchmark:
 * `npm run bench:scale [-- --duration 10 --connections 50 --titles 5000 --long-seconds 60
 *   --long-connections 500 --timeout 10 --postgres URL --redis URL]`.
 *
 * Seeds a synthetic catalog into a fresh PostgreSQL database (with its own Redis key prefix and
 * DATA_DIR), starts one API process alone (src/main.ts, production mode) and `npm run start:cluster`
 * with 2 and with 3 API workers sharing a port (Node's cluster, round-robin), and loads a mixed
 * read workload (browse rows, details, search, a member's watch list and the plans) with
 * autocannon in a worker thread against each. The setups run in alternating slices, so a change
 * in the machine's load hits all alike. Then a long run at many connections against the cluster
 * of three counts errors. The CPU each part used is read from /proc, to show
 * what limits the gain. Everything is removed at the end, on failure and on Ctrl-C.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  API_BASE,
  BillingEndpoints,
  CatalogEndpoints,
  CatalogRowEndpoints,
  pathWith,
  SearchEndpoints,
  WatchlistEndpoints,
} from '@reeltime/contract';
import { call, signUp } from '../scale/harness/client';
import { SCALE_POSTGRES, SCALE_REDIS } from '../scale/harness/site';
import { prepareBenchSite } from './support/bench-site';
import { coresUsed, meanCores, sampleCpu, type CoresUsed } from './support/cpu-time';
import {
  combineSlices,
  runMixedLoad,
  serverErrors,
  statusBreakdown,
  type LoadRequest,
  type LoadResult,
} from './support/mixed-load';
import { table } from './support/table';
import { startSafetyNet } from './support/safety-net';
import { Teardown } from './support/teardown';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    titles: { type: 'string', default: '5000' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    'long-seconds': { type: 'string', default: '60' },
    'long-connections': { type: 'string', default: '500' },
    timeout: { type: 'string', default: '10' },
    postgres: { type: 'string', default: SCALE_POSTGRES },
    redis: { type: 'string', default: SCALE_REDIS },
  },
});
const numbers = {
  duration: Number(args.duration),
  connections: Number(args.connections),
  titles: Number(args.titles),
  warmup: Number(args.warmup),
  rounds: Math.max(1, Math.round(Number(args.rounds))),
  'long-seconds': Number(args['long-seconds']),
  'long-connections': Number(args['long-connections']),
  timeout: Number(args.timeout),
};
for (const [name, value] of Object.entries(numbers)) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
}
const { duration, connections, titles, warmup, rounds } = numbers;
const longSeconds = numbers['long-seconds'];
const longConnections = numbers['long-connections'];
/** A request unanswered after this many seconds counts as an error. */
const timeoutSeconds = numbers.timeout;
/** API workers of the clusters measured beside the single process. */
const CLUSTER_SIZES = [2, 3];

/** Queries typed into the search box, one with a typo. */
const SEARCH_QUERIES = ['midnight', 'lantern', 'crimson harbour', 'midnigt lantern', 'the saffron'];

interface Setup {
  name: string;
  url: string;
  /** API processes serving it (for the explanation). */
  processes: number;
  apiPids: () => Array<number | undefined>;
  /** Its cluster primary, which accepts the connections (none for the single process). */
  primaryPids: () => number[];
}

/**
 * The mix each connection cycles through: the six browse rows and title details as a visitor
 * (shared cached answers), and as a signed-in member searches, suggestions, the watch list and
 * the plans (member scope: the token is checked on each).
 */
function mixedWorkload(token: string, detailIds: number[]): LoadRequest[] {
  const visitor = (apiPath: string): LoadRequest => ({ method: 'GET', path: `${API_BASE}${apiPath}` });
  const member = (apiPath: string): LoadRequest => ({
    method: 'GET',
    path: `${API_BASE}${apiPath}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const requests: LoadRequest[] = [];
  const rows = Object.values(CatalogRowEndpoints).map((row) => row.path);
  const searches = SEARCH_QUERIES.map(
    (query) => `${SearchEndpoints.search.path}?search=${encodeURIComponent(query)}`,
  );
  for (const [index, id] of detailIds.entries()) {
    requests.push(visitor(rows[index % rows.length]!));
    requests.push(visitor(pathWith(CatalogEndpoints.movieDetails.path, { id })));
    if (index % 2 === 0) requests.push(member(searches[(index / 2) % searches.length]!));
  }
  requests.push(
    member(`${SearchEndpoints.suggestions.path}?query=${encodeURIComponent(SEARCH_QUERIES[0]!)}`),
    member(WatchlistEndpoints.list.path),
    member(BillingEndpoints.plans.path),
  );
  return requests;
}

/** A member with a few titles on the watch list, and titles to open. */
async function prepareMember(base: string): Promise<{ token: string; detailIds: number[] }> {
  const member = await signUp(base, 'bench');
  const popular = await call(base, 'GET', CatalogRowEndpoints.popular.path);
  const latest = await call(base, 'GET', CatalogRowEndpoints.latest.path);
  const ids = [...(popular.body?.data ?? []), ...(latest.body?.data ?? [])].map(
    (title: { id: number }) => title.id,
  );
  const detailIds = [...new Set(ids)].slice(0, 12);
  if (detailIds.length < 6)
    throw new Error(`the browse rows list too few titles: ${popular.text.slice(0, 200)}`);
  for (const id of detailIds.slice(0, 5)) {
    const saved = await call(base, 'POST', WatchlistEndpoints.toggle.path, {
      token: member.token,
      body: { entertainment_id: id },
    });
    if (saved.status !== 200) throw new Error(`save-watch-list answered ${saved.status}: ${saved.text}`);
  }
  return { token: member.token, detailIds };
}

/** Every request of the mix must succeed before it is measured. */
async function checkWorkload(base: string, requests: LoadRequest[]): Promise<void> {
  for (const request of requests) {
    const res = await fetch(`${base}${request.path}`, {
      headers: request.headers,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${request.path} answered ${res.status}: ${text.slice(0, 200)}`);
  }
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

function describeCores(cores: CoresUsed): string {
  return (
    `load generator ${fixed(cores.loadGenerator)}, cluster primary ${fixed(cores.primary)}, ` +
    `API processes ${fixed(cores.api)}, PostgreSQL ${fixed(cores.postgres)}, ` +
    `Redis and other work ${fixed(cores.rest)} ` +
    `(machine ${fixed(cores.machine)} of ${availableParallelism()})`
  );
}

/** One or two lines on what the CPU readings say limits the gain of more processes. */
function limitingFactor(processes: number, cores: CoresUsed): string {
  const total = availableParallelism();
  const busy = `${fixed((cores.machine / total) * 100, 0)}% busy`;
  const shared =
    `the load generator, the cluster primary, the API processes, PostgreSQL and Redis share ${total} cores; ` +
    `with ${processes} processes the machine was ${busy} (${describeCores(cores)})`;
  if (cores.machine >= 0.9 * total) {
    const others =
      cores.rest >= 0.5 ? '; other work on the machine took a large share, so rerun when it is idle' : '';
    return `${shared},\nso another process finds no idle core${others}. With a core for each API process and the load generator on its own, the gain follows the number of processes.`;
  }
  const single = Math.max(cores.loadGenerator, cores.primary);
  const who = cores.loadGenerator >= cores.primary ? 'the load generator' : 'the cluster primary';
  return single >= 0.8
    ? `${shared},\nso the limit is ${who}, using ${fixed(single, 2)} of a core, not the API processes.`
    : `${shared},\nso the cores were not the limit: raise --connections to load the processes further.`;
}

async function main(teardown: Teardown): Promise<boolean> {
  const safetyNet = startSafetyNet();
  const log = (line: string) => console.log(line);
  const [load1, load5] = loadavg();
  log(
    `${availableParallelism()} CPUs, load average ${load1!.toFixed(1)} / ${load5!.toFixed(1)}; ` +
      `PostgreSQL ${new URL(args.postgres).host}, Redis ${new URL(args.redis).host}`,
  );

  const site = await prepareBenchSite({
    postgres: args.postgres,
    redis: args.redis,
    titles,
    teardown,
    safetyNet,
    log,
  });
  log(`Starting one API process alone, and clusters of ${CLUSTER_SIZES.join(' and ')} API workers`);
  const single = await site.launchSingle();
  const setups: Setup[] = [
    {
      name: 'single process',
      url: single.url,
      processes: 1,
      apiPids: () => [single.pid],
      primaryPids: () => [],
    },
  ];
  for (const size of CLUSTER_SIZES) {
    const cluster = await site.launch(size);
    setups.push({
      name: `cluster, ${size} API workers`,
      url: cluster.url,
      processes: size,
      apiPids: () => cluster.apis.map((one) => one.pid),
      primaryPids: () => [cluster.primaryPid],
    });
  }
  const sample = async (setup: Setup) =>
    sampleCpu(setup.apiPids(), await site.postgresPids(), setup.primaryPids());
  const largest = setups.at(-1)!;

  const { token, detailIds } = await prepareMember(largest.url);
  const workload = mixedWorkload(token, detailIds);
  for (const setup of setups) await checkWorkload(setup.url, workload);
  log(
    `Mixed read workload: ${workload.length} requests per cycle (${detailIds.length} titles, ` +
      `${SEARCH_QUERIES.length} searches, rows, watch list, plans), all answering 200 on every setup`,
  );

  log(
    `\nautocannon (worker thread): ${connections} connections, ${duration} s per setup in ${rounds} ` +
      `alternating slices, after ${warmup} s of warm-up each; a request unanswered after ${timeoutSeconds} s is an error`,
  );
  if (warmup > 0) {
    for (const setup of setups)
      await runMixedLoad(setup.url, workload, { connections, seconds: warmup, timeoutSeconds });
  }
  const slices = new Map<Setup, LoadResult[]>(setups.map((setup) => [setup, []]));
  const cpu = new Map<Setup, CoresUsed[]>(setups.map((setup) => [setup, []]));
  for (let round = 0; round < rounds; round++) {
    for (const setup of setups) {
      const before = await sample(setup);
      const result = await runMixedLoad(setup.url, workload, {
        connections,
        seconds: duration / rounds,
        timeoutSeconds,
      });
      cpu.get(setup)!.push(coresUsed(before, await sample(setup)));
      slices.get(setup)!.push(result);
      log(
        `  slice ${round + 1}/${rounds} ${setup.name}: ${fixed(result.requestsPerSecond, 0)} req/s, ` +
          `p99 ${result.p99} ms, ${result.errors} errors, ${result.non2xx} non-2xx`,
      );
    }
  }

  const measured = setups.map((setup) => ({
    setup,
    load: combineSlices(slices.get(setup)!),
    cores: meanCores(cpu.get(setup)!),
  }));
  const baseline = measured[0]!.load.requestsPerSecond;
  const rows = [['setup', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'vs single']];
  for (const { setup, load } of measured) {
    rows.push([
      setup.name,
      fixed(load.requestsPerSecond, 0),
      String(load.p50),
      String(load.p99),
      String(load.errors),
      String(load.non2xx),
      `${fixed(load.requestsPerSecond / baseline, 2)}x`,
    ]);
  }
  const cpuRows = [
    ['setup', 'load generator', 'primary', 'API processes', 'PostgreSQL', 'Redis + other', 'machine'],
  ];
  for (const { setup, cores } of measured) {
    cpuRows.push([
      setup.name,
      fixed(cores.loadGenerator, 2),
      fixed(cores.primary, 2),
      fixed(cores.api, 2),
      fixed(cores.postgres, 2),
      fixed(cores.rest, 2),
      `${fixed(cores.machine, 2)} / ${availableParallelism()}`,
    ]);
  }

  log(`\nLong run: ${longConnections} connections for ${longSeconds} s against the ${largest.name}`);
  const restartsBefore = site.output.filter((line) => line.includes('restarting')).length;
  const longBefore = await sample(largest);
  const long = await runMixedLoad(largest.url, workload, {
    connections: longConnections,
    seconds: longSeconds,
    timeoutSeconds,
  });
  const longCores = coresUsed(longBefore, await sample(largest));
  const restarts = site.output.filter((line) => line.includes('restarting')).length - restartsBefore;
  const errorLogs = site.output.filter((line) => /"level":\s*(50|60)/.test(line));

  const [endLoad1, endLoad5] = loadavg();
  log(`\n${table(rows)}`);
  log(
    `\nCPU cores used on average (from /proc; "primary" is the cluster's primary process, which accepts the connections):`,
  );
  log(table(cpuRows));
  const top = measured.at(-1)!;
  log(`\nWhat limits the gain: ${limitingFactor(top.setup.processes, top.cores)}`);
  log(
    `\nLong run (${longConnections} connections, ${longSeconds} s, ${top.setup.name}): ` +
      `${long.requests} requests, ${fixed(long.requestsPerSecond, 0)} req/s, p50 ${long.p50} ms, p99 ${long.p99} ms`,
  );
  log(`  statuses: ${statusBreakdown(long.statuses)}`);
  log(
    `  errors (no answer): ${long.errors} (timeouts ${long.timeouts}); non-2xx: ${long.non2xx}; 5xx: ${serverErrors(long.statuses)}`,
  );
  log(`  processes restarted: ${restarts}; error lines in the processes' logs: ${errorLogs.length}`);
  log(`  CPU cores: ${describeCores(longCores)}`);
  for (const line of errorLogs.slice(0, 5)) log(`    ${line.slice(0, 300)}`);
  log(`\nload average at the end ${endLoad1!.toFixed(1)} / ${endLoad5!.toFixed(1)}`);

  const met = long.errors === 0 && long.non2xx === 0 && restarts === 0;
  log(
    `${met ? 'MET    ' : 'NOT MET'}  long run: ${long.errors} errors, ${long.non2xx} non-2xx, ` +
      `${restarts} restarts (target 0 each)`,
  );
  return met;
}

const teardown = new Teardown();
teardown.onSignals();
main(teardown)
  .then(
    (met) => (met ? 0 : 1),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      return 1;
    },
  )
  .then(async (code) => {
    await teardown.run();
    console.log('Removed the database, the Redis keys, the data folder and the processes.');
    process.exit(code);
  });
