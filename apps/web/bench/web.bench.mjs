/**
 * Web app benchmark: `npm run bench:web [-- --runs 3 --skip-build --strict --pages landing,browse
 * --form-factor mobile --save-build <folder> --baseline <folder>]`.
 *
 * 1. Builds the web app and the server (npm run build) unless --skip-build.
 * 2. Starts the compiled server on a free loopback port with a temporary DATA_DIR (demo catalog),
 *    and that of the baseline build with --baseline.
 * 3. Initial JS and CSS of `/` and `/browse`: loads each page as a visitor with an empty cache in
 *    Chromium and sums the gzip sizes (gzip -9 of the response bodies, as Vite reports them) of the
 *    script and stylesheet responses that finished before the load event, and those up to the
 *    moment the page showed its content (the route chunks arrive after the load event); the
 *    target applies to the latter.
 * 4. Lighthouse performance of the landing page, /login, /browse, /movies and a title's details
 *    page, with Lighthouse's mobile defaults (a phone screen, simulated slow 4G and 4x CPU
 *    slowdown) and its desktop config, driven through chrome-launcher: --runs runs per page and
 *    form factor, with the median of each figure, and the audits with the largest estimated
 *    savings in the run with the median score. The landing page and /login are measured as a
 *    visitor, the others signed in as the demo member.
 * 5. Prints the tables and whether each target is met, stops the server and Chromium, and removes
 *    the temporary folder. Exits 1 on an error (or, with --strict, when a target is missed).
 *
 * Lighthouse's simulated throttling takes each main-thread task at the wall-clock time it lasted
 * (times four on mobile): on a busy machine that is mostly time the thread waited for a core. Each
 * run is therefore audited twice from the same trace: as measured, and with every task at the CPU
 * time it used (cpu-time-trace.mjs), which is what an idle machine would show. Both are printed;
 * the targets' exit status (--strict) follows the measured figures.
 *
 * To compare two builds in the same conditions, save one (`--save-build artifacts/bench-web/before`)
 * and measure the other with `--baseline artifacts/bench-web/before`: both servers run, and the
 * Lighthouse runs alternate between them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { atCpuTime } from './cpu-time-trace.mjs';

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
const OVERALL_TIMEOUT_MS = 60 * 60_000;

const TARGETS = {
  initialJsBytes: 170_000,
  mobile: { score: 90, lcpMs: 2500, tbtMs: 200 },
  desktop: { score: 98 },
};

/** The pages measured by Lighthouse; `member` pages are loaded signed in as the demo member. */
const PAGE_NAMES = ['landing', 'login', 'browse', 'movies', 'details'];
const FORM_FACTORS = ['mobile', 'desktop'];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    /** A comma-separated subset of the pages, for a quicker look at a few. */
    pages: { type: 'string', default: PAGE_NAMES.join(',') },
    /** mobile, desktop or both. */
    'form-factor': { type: 'string', default: 'both' },
    /** Copies the build measured into this folder (inside the repository), for a later --baseline. */
    'save-build': { type: 'string' },
    /** A build saved with --save-build: its server runs beside this one and Lighthouse alternates between them. */
    baseline: { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
  console.error('--runs must be a whole number from 1 to 9');
  process.exit(2);
}
const pageNames = args.pages.split(',').map((name) => name.trim());
if (pageNames.some((name) => !PAGE_NAMES.includes(name))) {
  console.error(`--pages takes some of ${PAGE_NAMES.join(', ')}`);
  process.exit(2);
}
const formFactors = args['form-factor'] === 'both' ? FORM_FACTORS : [args['form-factor']];
if (!formFactors.every((formFactor) => FORM_FACTORS.includes(formFactor))) {
  console.error('--form-factor is mobile, desktop or both');
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
  log('Building the web app and the server (npm run build)...');
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], {
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

/**
 * A saved build is the server's package.json and bundles and the built web app, in the same
 * layout as the repository (the server finds the web app beside it). It must sit inside the
 * repository, so that the bundles find node_modules by walking up.
 */
function buildFolder(folder) {
  const absolute = path.resolve(ROOT, folder);
  if (path.relative(ROOT, absolute).startsWith('..')) {
    throw new Error(`${folder} must be inside the repository (artifacts/ is ignored by git)`);
  }
  return absolute;
}

function saveBuild(folder) {
  const target = buildFolder(folder);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'apps/web/dist'), path.join(target, 'apps/web/dist'), { recursive: true });
  cpSync(path.join(ROOT, 'apps/server/package.json'), path.join(target, 'apps/server/package.json'));
  cpSync(path.join(ROOT, 'apps/server/dist'), path.join(target, 'apps/server/dist'), { recursive: true });
  log(`Saved this build in ${path.relative(ROOT, target)} (measure against it with --baseline)`);
}

/** Starts the compiled server of `serverDist` (apps/server/dist of the repository or of a saved build). */
async function startServer(label, serverDist) {
  const main = path.join(serverDist, 'main.js');
  if (!existsSync(main)) throw new Error(`${path.relative(ROOT, main)} is missing: run npm run build`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-web-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  log(`Starting the server of ${label} on ${origin} (demo catalog in ${dataDir})...`);
  // The compiled server, as `npm run start:prod` runs it. The demo catalog needs SQLite in
  // DATA_DIR and a non-production mode. Its full streams are left queued (no transcoding
  // worker): encoding them would compete with the measured pages.
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
  const child = spawn(process.execPath, [main], {
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
          // Files under 1 kB are not worth compressing, and the build leaves them as they are.
          encoding: body.length < 1024 ? null : (response.headers()['content-encoding'] ?? 'none'),
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
      encodings: [...new Set(list.map((item) => item.encoding).filter(Boolean))],
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

/** The metrics whose estimated savings rank the audits. */
const SAVED_METRICS = ['LCP', 'FCP', 'TBT'];

/** The failing audits (opportunities, insights, diagnostics) with the largest estimated savings. */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .map((audit) => {
      const savings = Object.fromEntries(
        SAVED_METRICS.map((metric) => [metric, audit.metricSavings?.[metric] ?? 0]).filter(
          ([, ms]) => ms >= 50,
        ),
      );
      return { title: audit.title, score: audit.score, savings, ms: Math.max(0, ...Object.values(savings)) };
    })
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
}

/** Where the main thread's time went, by script (Lighthouse's bootup-time diagnostic), largest first. */
function scriptTime(lhr) {
  const items = lhr.audits['bootup-time']?.details?.items ?? [];
  return items
    .filter((item) => item.total >= 50)
    .slice(0, 3)
    .map((item) => ({ url: item.url, ms: item.total }));
}

/** One Lighthouse run; a run that fails to record its trace (it happens on a busy machine) is retried. */
/**
 * One Lighthouse run, as two reports of the same page load: `lhr` as Lighthouse measured it, and
 * `cpu` from the same trace with every main-thread task at the CPU time it used (atCpuTime).
 * A run that fails to record its trace (it happens on a busy machine) is retried.
 */
async function lighthouseOnce(url, port, formFactor, attempts = 3) {
  // Without a config Lighthouse uses its mobile defaults: a phone screen, simulated slow 4G
  // (150 ms, 1.6 Mbit/s) and 4x CPU slowdown.
  const config = formFactor === 'desktop' ? desktopConfig : undefined;
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  for (let attempt = 1; ; attempt++) {
    const folder = mkdtempSync(path.join(tmpdir(), 'reeltime-web-bench-lh-'));
    try {
      // Gathered once, audited twice.
      await lighthouse(url, { ...flags, gatherMode: folder }, config);
      const lhr = (await lighthouse(url, { ...flags, auditMode: folder }, config))?.lhr;
      const problem = !lhr ? 'no result' : lhr.runtimeError ? lhr.runtimeError.message : null;
      if (!problem) {
        const traceFile = path.join(folder, 'trace.json');
        writeFileSync(traceFile, JSON.stringify(atCpuTime(JSON.parse(readFileSync(traceFile, 'utf8')))));
        const cpu = (await lighthouse(url, { ...flags, auditMode: folder }, config))?.lhr;
        if (!cpu || cpu.runtimeError) {
          throw new Error(`Lighthouse on ${url} at CPU time: ${cpu?.runtimeError?.message ?? 'no result'}`);
        }
        return { lhr, cpu };
      }
      if (attempt >= attempts) throw new Error(`Lighthouse on ${url}: ${problem}`);
      log(`  (Lighthouse on ${new URL(url).pathname} failed: ${problem}; trying again)`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

/**
 * Signs the browser in as the demo member, or out: the web app keeps its session in localStorage,
 * which Lighthouse leaves alone between runs (it clears the cache, service workers and caches).
 */
async function setSession(origin, chromePort, session) {
  const browser = await chromium.connectOverCDP(`http://${HOST}:${chromePort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // Any page of the origin gives access to its storage; the icon loads no app code.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((value) => {
      if (value) {
        localStorage.setItem('token', value.token);
        localStorage.setItem('user', JSON.stringify(value.user));
      } else {
        localStorage.removeItem('token');
        localStorage.removeItem('user');
      }
    }, session);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function signInDemoMember(origin) {
  const response = await fetch(`${origin}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: 'member@reeltime.local', password: 'member123' }),
  });
  const body = await response.json();
  if (!response.ok || !body?.data?.api_token) {
    throw new Error(`signing in the demo member failed: ${response.status} ${JSON.stringify(body)}`);
  }
  const { api_token: token, ...user } = body.data;
  return { token, user };
}

/**
 * The LCP element and the parts of its time in the trace as recorded (not simulated): what waits
 * for what, to see which change can move the LCP.
 */
function lcpBreakdown(lhr) {
  const items = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const table = items.find((item) => item.type === 'table');
  const node = items.find((item) => item.type === 'node');
  const parts = (table?.items ?? []).map((item) => `${item.subpart} ${Math.round(item.duration)} ms`);
  const element = node ? (node.selector ?? node.snippet ?? '') : '';
  return element || parts.length > 0 ? `${element}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}` : '';
}

/** What the tables show of one report. */
function figures(lhr) {
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    ...Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]),
    ),
    opportunities: opportunities(lhr),
    scripts: scriptTime(lhr),
    lcpElement: lcpBreakdown(lhr),
    finalPath: shortUrl(lhr.finalDisplayedUrl),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The pages Lighthouse measures, in PAGE_NAMES order. */
const PAGES = [
  { name: 'landing', path: () => '/', member: false },
  { name: 'login', path: () => '/login', member: false },
  { name: 'browse', path: () => '/browse', member: true },
  { name: 'movies', path: () => '/movies', member: true },
  { name: 'details', path: (target) => target.details, member: true },
];

/**
 * Lighthouse on the chosen pages of each target (this build, and the baseline when there is one):
 * the runs alternate between the targets, so both see the same load on the machine.
 */
async function lighthouseRuns(targets) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  cleanups.push(async () => {
    await chrome.kill();
  });
  const signedIn = new Map();
  for (const target of targets) target.session = await signInDemoMember(target.origin);
  const results = [];
  // Visitor pages first, then the member's, so each origin signs in once.
  const pages = PAGES.filter((page) => pageNames.includes(page.name)).sort(
    (a, b) => Number(a.member) - Number(b.member),
  );
  for (const page of pages) {
    for (const formFactor of formFactors) {
      const samples = new Map(targets.map((target) => [target, { measured: [], cpu: [] }]));
      for (let run = 1; run <= runs; run++) {
        for (const target of targets) {
          if (signedIn.get(target.origin) !== page.member) {
            await setSession(target.origin, chrome.port, page.member ? target.session : null);
            signedIn.set(target.origin, page.member);
          }
          const pathname = page.path(target);
          const { lhr, cpu } = await lighthouseOnce(`${target.origin}${pathname}`, chrome.port, formFactor);
          const measured = figures(lhr);
          const atCpu = figures(cpu);
          samples.get(target).measured.push(measured);
          samples.get(target).cpu.push(atCpu);
          log(
            `  ${page.name} ${formFactor} run ${run}/${runs}${targets.length > 1 ? ` (${target.label})` : ''}: score ${measured.score}, LCP ${seconds(measured.lcp)}, TBT ${Math.round(measured.tbt)} ms; at CPU time ${atCpu.score}, ${seconds(atCpu.lcp)}, ${Math.round(atCpu.tbt)} ms`,
          );
        }
      }
      for (const [target, bases] of samples) {
        for (const [basis, list] of Object.entries(bases)) {
          // Each figure is the median of the runs; the savings are those of the run with the median score.
          const byScore = [...list].sort((a, b) => a.score - b.score);
          const typical = byScore[Math.floor((byScore.length - 1) / 2)];
          results.push({
            target: target.label,
            basis,
            name: page.name,
            path: page.path(target),
            member: page.member,
            formFactor,
            ...Object.fromEntries(
              ['score', ...Object.keys(METRICS)].map((key) => [key, median(list.map((one) => one[key]))]),
            ),
            scores: list.map((one) => one.score),
            opportunities: typical.opportunities,
            scripts: typical.scripts,
            lcpElement: typical.lcpElement,
            finalPath: typical.finalPath,
          });
        }
      }
    }
  }
  return results.sort((a, b) => PAGE_NAMES.indexOf(a.name) - PAGE_NAMES.indexOf(b.name));
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

const shortUrl = (url) => {
  try {
    const parsed = new URL(url);
    return parsed.pathname;
  } catch {
    return url;
  }
};

async function main() {
  if (!args['skip-build']) build();
  if (args['save-build']) saveBuild(args['save-build']);
  const current = { label: 'this build', serverDist: path.join(ROOT, 'apps/server/dist') };
  const targets = [current];
  if (args.baseline) {
    const folder = buildFolder(args.baseline);
    targets.unshift({ label: 'baseline', serverDist: path.join(folder, 'apps/server/dist') });
  }
  for (const target of targets) {
    target.origin = await startServer(target.label, target.serverDist);
    target.details = await detailsPath(target.origin);
  }
  const { origin } = current;

  log('Measuring the initial JS and CSS in Chromium...');
  const assets = [];
  for (const pathname of ['/', '/browse']) assets.push(await initialAssets(origin, pathname));

  log(
    `Lighthouse, ${runs} run(s) per page and form factor (${formFactors.join(', ')})${args.baseline ? `, alternating with the baseline in ${args.baseline}` : ''}...`,
  );
  const allScores = await lighthouseRuns(targets);
  const scores = allScores.filter((item) => item.target === current.label);

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

  const row = (item) => [
    item.name,
    item.member ? 'member' : 'visitor',
    item.score,
    seconds(item.lcp),
    seconds(item.fcp),
    `${Math.round(item.tbt)} ms`,
    item.cls.toFixed(3),
    seconds(item.si),
    item.scores.join(' '),
  ];
  const header = ['page', 'as', 'score', 'LCP', 'FCP', 'TBT', 'CLS', 'SI', 'scores'];
  const BASES = {
    measured: 'as Lighthouse measured',
    cpu: 'with each main-thread task at the CPU time it used (what an idle machine would show)',
  };
  for (const formFactor of formFactors) {
    const heading = `Lighthouse ${formFactor === 'mobile' ? 'mobile (default settings: slow 4G, 4x CPU slowdown)' : 'desktop config'}, performance${runs > 1 ? `, median of ${runs} runs` : ''}`;
    for (const [basis, description] of Object.entries(BASES)) {
      const of = (label) =>
        allScores.filter(
          (item) => item.target === label && item.basis === basis && item.formFactor === formFactor,
        );
      log('');
      log(`${heading}, ${description}`);
      if (args.baseline) {
        log(`baseline (${args.baseline}):`);
        log(table(header, of('baseline').map(row)));
        log('this build:');
      }
      log(table(header, of(current.label).map(row)));
    }
    log(
      '  largest estimated savings (at CPU time, run with the median score), and main-thread time by script:',
    );
    for (const item of scores.filter((one) => one.basis === 'cpu' && one.formFactor === formFactor)) {
      if (item.finalPath !== item.path) {
        log(`  ${item.name}: NOTE ended on ${item.finalPath}, not ${item.path}`);
      }
      const found = item.opportunities.map(
        (one) =>
          `${one.title} (${Object.entries(one.savings)
            .map(([metric, ms]) => `${metric} ~${Math.round(ms)} ms`)
            .join(', ')})`,
      );
      if (found.length > 0) log(`  ${item.name}: ${found.join('; ')}`);
      if (item.lcpElement) log(`  ${' '.repeat(item.name.length)}  LCP: ${item.lcpElement}`);
      if (item.scripts.length > 0) {
        log(
          `  ${' '.repeat(item.name.length)}  scripts: ${item.scripts.map((one) => `${shortUrl(one.url)} ${Math.round(one.ms)} ms`).join(', ')}`,
        );
      }
    }
  }

  const jsWorst = Math.max(...assets.map((item) => item.js + item.lateJs));
  const jsMet = jsWorst < TARGETS.initialJsBytes;
  log('');
  log('Targets');
  log(
    `  initial JS under ${kB(TARGETS.initialJsBytes)} gzip (until drawn): ${jsMet ? 'met' : 'NOT met'} (largest ${kB(jsWorst)})`,
  );
  let met = jsMet;
  for (const basis of Object.keys(BASES)) {
    const label = basis === 'measured' ? 'as measured' : 'at CPU time';
    const mobile = scores.filter((item) => item.basis === basis && item.formFactor === 'mobile');
    if (mobile.length > 0) {
      const { score, lcpMs, tbtMs } = TARGETS.mobile;
      const missed = mobile.filter((item) => item.score < score || item.lcp >= lcpMs || item.tbt >= tbtMs);
      if (basis === 'measured') met &&= missed.length === 0;
      log(
        `  mobile score >= ${score}, LCP < ${seconds(lcpMs)}, TBT < ${tbtMs} ms on every page, ${label}: ${missed.length === 0 ? 'met' : `NOT met (${missed.map((item) => item.name).join(', ')})`}`,
      );
    }
    const desktop = scores.filter((item) => item.basis === basis && item.formFactor === 'desktop');
    if (desktop.length > 0) {
      const missed = desktop.filter((item) => item.score < TARGETS.desktop.score);
      if (basis === 'measured') met &&= missed.length === 0;
      log(
        `  desktop score >= ${TARGETS.desktop.score} on every page, ${label}: ${missed.length === 0 ? 'met' : `NOT met (${missed.map((item) => item.name).join(', ')})`}`,
      );
    }
  }
  if (assets.some((item) => item.encodings.includes('none'))) {
    log(
      '  note: the server sent JS or CSS over 1 kB uncompressed, so those bytes on the wire were the raw sizes.',
    );
  }
  return met;
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
