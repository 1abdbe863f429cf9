/**
 * Web app benchmark: `npm run bench:web [-- --runs 3 --skip-build --strict]`.
 *
 * 1. Builds the web app (npm run build -w @reeltime/web) unless --skip-build.
 * 2. Starts the real server on a free loopback port with a temporary DATA_DIR (demo catalog).
 * 3. Initial JS and CSS of `/` and `/browse`: loads each page as a visitor with an empty cache in
 *    Chromium and sums the gzip sizes (gzip -9 of the response bodies, as Vite reports them) of the
 *    script and stylesheet responses that finished before the load event, and those up to the
 *    moment the page showed its content (the route chunks arrive after the load event); the
 *    target applies to the latter.
 * 4. Lighthouse 12 performance (desktop config, simulated throttling) of `/`, `/browse` and a title
 *    details page, driven through chrome-launcher; per page, the run with the median score of
 *    --runs runs, with its metrics and the audits with the largest estimated savings.
 * 5. Prints a table and whether each target is met, stops the server and Chromium, and removes
 *    the temporary folder. Exits 1 on an error (or, with --strict, when a target is missed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const HOST = '127.0.0.1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The whole run gives up after this long and cleans up. */
const OVERALL_TIMEOUT_MS = 15 * 60_000;

const TARGETS = { initialJsBytes: 170_000, lighthouseScore: 90 };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error('--runs must be a whole number from 1 to 9');
  process.exit(2);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const log = (line) => console.log(line);

// ---------------------------------------------------------------------------------------------
// Resources that must be released whatever happens.

const cleanups = [];
let cleaningUp = null;
function cleanup() {
  cleaningUp ??= (async () => {
    for (const task of cleanups.reverse()) {
      try {
        await task();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : error}`);
      }
    }
  })();
  return cleaningUp;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    void cleanup().then(() => process.exit(130));
  });
}
const overallTimer = setTimeout(() => {
  console.error(`Gave up after ${OVERALL_TIMEOUT_MS / 60_000} minutes.`);
  void cleanup().then(() => process.exit(1));
}, OVERALL_TIMEOUT_MS);
overallTimer.unref();

// ---------------------------------------------------------------------------------------------
// Build and server.

function build() {
  log('Building the web app (npm run build -w @reeltime/web)...');
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', '@reeltime/web'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`the build failed (exit ${result.status})`);
  }
  log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-web-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  log(`Starting the server on ${origin} (demo catalog in ${dataDir})...`);
  // The demo catalog needs SQLite in DATA_DIR and a non-production mode. Its full streams are
  // left queued (no transcoding worker): encoding them would compete with the measured pages.
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    MEDIA_WORKER_CONCURRENCY: '0',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  void exit.then(() => (exited = true));
  cleanups.push(async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  });

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up:\n${output.join('')}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server was not ready in time:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return origin;
}

async function detailsPath(origin) {
  const response = await fetch(`${origin}/api/v1/user/latest-movie?per_page=1`);
  const body = await response.json();
  const id = body?.data?.[0]?.id;
  if (!id) throw new Error('no title in /api/v1/user/latest-movie');
  return `/movie-details/${id}`;
}

// ---------------------------------------------------------------------------------------------
// Initial JS and CSS.

/** What shows that each page has drawn its content. */
const READY = {
  '/': (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  '/browse': (page) => page.getByRole('region', { name: 'Top 10' }).getByRole('article').first().waitFor(),
};

async function initialAssets(origin, pathname) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    const page = await context.newPage();
    const bodies = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || !response.url().startsWith(origin)) return;
      bodies.push(
        response.body().then((body) => ({
          url: response.url(),
          type,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? 'none',
        })),
      );
    });
    await page.goto(`${origin}${pathname}`, { waitUntil: 'load' });
    await READY[pathname](page);
    // When each file finished, from the page's own timeline, against the start of the load event.
    const timing = await page.evaluate(() => ({
      load: performance.getEntriesByType('navigation')[0].loadEventStart,
      ends: Object.fromEntries(
        performance.getEntriesByType('resource').map((entry) => [entry.name, entry.responseEnd]),
      ),
    }));
    const list = (await Promise.all(bodies)).map((item) => ({
      ...item,
      beforeLoad: (timing.ends[item.url] ?? Infinity) <= timing.load,
    }));
    await context.close();
    const sum = (items, type) =>
      items.filter((item) => item.type === type).reduce((total, item) => total + item.gzip, 0);
    const early = list.filter((item) => item.beforeLoad);
    const late = list.filter((item) => !item.beforeLoad);
    return {
      pathname,
      js: sum(early, 'script'),
      css: sum(early, 'stylesheet'),
      files: list.length,
      lateJs: sum(late, 'script'),
      lateCss: sum(late, 'stylesheet'),
      lateFiles: late.map((item) => new URL(item.url).pathname),
      encodings: [...new Set(list.map((item) => item.encoding))],
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/** The failing audits with the largest estimated LCP or FCP savings: where the time goes. */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .map((audit) => ({
      title: audit.title,
      score: audit.score,
      ms: Math.max(audit.metricSavings?.LCP ?? 0, audit.metricSavings?.FCP ?? 0),
    }))
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.ms >= 50)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4);
}

/** One Lighthouse run; a run that fails to record its trace (it happens on a busy machine) is retried. */
async function lighthouseOnce(url, port, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      desktopConfig,
    );
    const lhr = result?.lhr;
    const problem = !lhr ? 'no result' : lhr.runtimeError ? lhr.runtimeError.message : null;
    if (!problem) return lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse on ${url}: ${problem}`);
    log(`  (Lighthouse on ${new URL(url).pathname} failed: ${problem}; trying again)`);
  }
}

async function lighthouseRuns(origin, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  cleanups.push(async () => {
    await chrome.kill();
  });
  const results = [];
  for (const pathname of pages) {
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      const lhr = await lighthouseOnce(`${origin}${pathname}`, chrome.port);
      const sample = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        ...Object.fromEntries(
          Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]),
        ),
        opportunities: opportunities(lhr),
      };
      samples.push(sample);
      log(`  ${pathname} run ${run}/${runs}: score ${sample.score}, LCP ${seconds(sample.lcp)}`);
    }
    // The run with the median score stands for the page.
    const byScore = [...samples].sort((a, b) => a.score - b.score);
    const typical = byScore[Math.floor((byScore.length - 1) / 2)];
    results.push({ pathname, ...typical, scores: samples.map((sample) => sample.score) });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------

function table(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) => String(cell)[column === 0 ? 'padEnd' : 'padStart'](widths[column]))
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  if (!args['skip-build']) build();
  const origin = await startServer();
  const details = await detailsPath(origin);

  log('Measuring the initial JS and CSS in Chromium...');
  const assets = [];
  for (const pathname of ['/', '/browse']) assets.push(await initialAssets(origin, pathname));

  log(`Lighthouse, ${runs} run(s) per page (desktop config)...`);
  const scores = await lighthouseRuns(origin, ['/', '/browse', details]);

  log('');
  log('Initial JS and CSS: gzip -9 sizes of the bodies of the script and stylesheet responses');
  log('(Chromium through the real server, visitor, empty cache)');
  log(
    table(
      ['page', 'JS before load', 'JS until drawn', 'CSS until drawn', 'files', 'served as'],
      assets.map((item) => [
        item.pathname,
        kB(item.js),
        kB(item.js + item.lateJs),
        kB(item.css + item.lateCss),
        item.files,
        item.encodings.join(', '),
      ]),
    ),
  );
  log('  before load: finished before the load event; until drawn: also the route chunks fetched');
  log('  after it, until the page showed its content');
  for (const item of assets) {
    if (item.lateFiles.length > 0) log(`  ${item.pathname} after load: ${item.lateFiles.join(', ')}`);
  }

  log('');
  log(
    `Lighthouse 12, desktop config, performance category${runs > 1 ? ` (the run with the median score of ${runs})` : ''}`,
  );
  log(
    table(
      ['page', 'score', 'LCP', 'FCP', 'TBT', 'CLS', 'SI', 'scores'],
      scores.map((item) => [
        item.pathname,
        item.score,
        seconds(item.lcp),
        seconds(item.fcp),
        `${Math.round(item.tbt)} ms`,
        item.cls.toFixed(3),
        seconds(item.si),
        item.scores.join(' '),
      ]),
    ),
  );
  for (const item of scores) {
    if (item.opportunities.length === 0) continue;
    const list = item.opportunities.map((found) => `${found.title} (~${Math.round(found.ms)} ms)`);
    log(`  ${item.pathname}: ${list.join('; ')}`);
  }

  const jsWorst = Math.max(...assets.map((item) => item.js + item.lateJs));
  const scoreWorst = Math.min(...scores.map((item) => item.score));
  const jsMet = jsWorst < TARGETS.initialJsBytes;
  const scoreMet = scoreWorst >= TARGETS.lighthouseScore;
  log('');
  log('Targets');
  log(
    `  initial JS under ${kB(TARGETS.initialJsBytes)} gzip (until drawn): ${jsMet ? 'met' : 'NOT met'} (largest ${kB(jsWorst)})`,
  );
  log(
    `  Lighthouse performance >= ${TARGETS.lighthouseScore}, desktop: ${scoreMet ? 'met' : 'NOT met'} (lowest ${scoreWorst})`,
  );
  if (assets.some((item) => item.encodings.includes('none'))) {
    log('  note: the server sent JS and CSS uncompressed, so the bytes on the wire were the raw sizes.');
  }
  return jsMet && scoreMet;
}

let exitCode = 0;
try {
  const met = await main();
  if (!met && args.strict) exitCode = 1;
} catch (error) {
  console.error(`bench:web failed: ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(overallTimer);
}
process.exit(exitCode);
