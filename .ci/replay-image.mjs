/**
 * Replays the Dockerfile without a container engine: `.ci/replay-image [--dockerfile FILE] [--keep]`.
 *
 * Reads the Dockerfile of a fresh clone of this repository (or FILE) and performs its
 * instructions in order, each stage in its own folder under a temporary directory that stands for
 * the stage's filesystem: absolute paths of the image (WORKDIR /app, COPY --from=build /src/…,
 * DATA_DIR=/data, `mkdir -p /data`) are mapped into that folder; this machine's Node.js stands for
 * the base image's. RUN runs with the stage's ENV only (plus PATH and HOME), so an ENV that breaks
 * an install breaks the replay too; an apt-get RUN installs the packages it names when this Debian
 * machine lacks them. USER runs what follows as that user (created when the base image has it and
 * this machine does not). Then it starts the final stage's CMD with NODE_ENV=production on a free
 * port and checks what a visitor and an operator would: /readyz, the page, the API, creating an
 * admin with the compiled command, a graceful stop on SIGTERM. The first failure stops it with the
 * Dockerfile line it came from.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const repository = path.resolve(import.meta.dirname, '..');
const SYSTEM_FOLDERS = new Set([
  'bin',
  'dev',
  'etc',
  'home',
  'lib',
  'lib64',
  'opt',
  'proc',
  'root',
  'run',
  'sbin',
  'sys',
  'tmp',
  'usr',
  'var',
]);
/** Users the base images are known to have. */
const BASE_IMAGE_USERS = { node: ['node'] };
const READY_TIMEOUT_MS = 60_000;

class ReplayError extends Error {}

let stepNumber = 0;
const step = (text) => console.log(`\n==> [${++stepNumber}] ${text}`);
const note = (text) => console.log(`    ${text}`);
const fail = (text) => {
  throw new ReplayError(text);
};

// --- The Dockerfile -------------------------------------------------------------------------

/** Instructions with their line numbers; continuation lines joined, comments dropped. */
function parseDockerfile(text) {
  const instructions = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (line === '' || line.startsWith('#')) continue;
    const lineNumber = index + 1;
    let joined = line;
    while (joined.endsWith('\\') && index + 1 < lines.length) {
      joined = joined.slice(0, -1);
      const next = lines[++index].trim();
      if (!next.startsWith('#')) joined += ` ${next}`;
    }
    const match = /^(\S+)\s*(.*)$/.exec(joined);
    instructions.push({ line: lineNumber, keyword: match[1].toUpperCase(), rest: match[2].trim() });
  }
  return instructions;
}

/** ["a", "b"] (exec form) or null (shell form). */
function execForm(rest) {
  if (!rest.startsWith('[')) return null;
  try {
    const parsed = JSON.parse(rest);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
  } catch {
    // shell form that happens to start with [
  }
  return null;
}

/** Words split on blanks, honouring double and single quotes (as ENV and COPY need). */
function words(text) {
  const found = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of text.matchAll(pattern)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

function parseEnv(rest) {
  if (!rest.includes('=')) {
    const [key, ...value] = rest.split(/\s+/);
    return { [key]: value.join(' ') };
  }
  const pairs = {};
  for (const match of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
    pairs[match[1]] = match[2].replace(/^(["'])(.*)\1$/, '$2');
  }
  return pairs;
}

// --- Stages ---------------------------------------------------------------------------------

/** The first folder of every absolute path the stage owns (its WORKDIRs, COPY targets, VOLUMEs…). */
function ownFolders(instructions) {
  const folders = new Set();
  const add = (value) => {
    if (!value?.startsWith('/')) return;
    const first = value.split('/')[1];
    if (first && !SYSTEM_FOLDERS.has(first)) folders.add(first);
  };
  for (const { keyword, rest } of instructions) {
    if (keyword === 'WORKDIR') add(rest);
    if (keyword === 'COPY') add(words(rest).at(-1));
    if (keyword === 'VOLUME') (execForm(rest) ?? rest.split(/\s+/)).forEach(add);
    if (keyword === 'ENV') Object.values(parseEnv(rest)).forEach(add);
  }
  return folders;
}

function newStage(from, instructions, work, index) {
  const [image, as, name] = words(from.rest);
  if (as && as.toUpperCase() !== 'AS')
    fail(`line ${from.line}: FROM ${from.rest}: expected FROM image [AS name]`);
  const stage = {
    name: name ?? String(index),
    image,
    root: path.join(work, 'stages', name ?? String(index)),
    env: {},
    workdir: '/',
    user: null,
    cmd: null,
    owns: ownFolders(instructions),
  };
  mkdirSync(stage.root, { recursive: true });
  return stage;
}

/** An absolute path of the image as a path of this machine. */
function inStage(stage, imagePath) {
  const absolute = path.posix.resolve(stage.workdir, imagePath);
  return path.join(stage.root, absolute);
}

/** Absolute paths in a command or value that point into the stage's own folders, mapped. */
function mapText(stage, text) {
  return text.replace(/(^|[\s=:'"])(\/[^\s'";:&|]*)/g, (whole, before, imagePath) => {
    const first = imagePath.split('/')[1];
    return stage.owns.has(first) ? `${before}${path.join(stage.root, imagePath)}` : whole;
  });
}

function userExists(name) {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/** The base image's users this machine lacks are created (root only), so chown and USER work. */
function provideBaseImageUsers(stage) {
  const family = stage.image.split(':')[0].split('/').at(-1);
  for (const user of BASE_IMAGE_USERS[family] ?? []) {
    if (userExists(user)) continue;
    if (process.getuid?.() !== 0) {
      note(`user ${user} of ${stage.image} is missing here and only root can create it`);
      continue;
    }
    const made = spawnSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      user,
    ]);
    if (made.status !== 0) fail(`could not create the user ${user} of ${stage.image}: ${made.stderr}`);
    note(`created the user ${user}, as ${stage.image} has it`);
  }
}

/** How this machine reaches the package registries, as a builder's network would. */
const NETWORK_VARIABLES =
  /^(https?_proxy|no_proxy|all_proxy|ssl_cert_file|ssl_cert_dir|node_extra_ca_certs)$/i;

/**
 * The stage's environment for what it runs: its ENV, mapped, this machine's PATH and network
 * settings (npm's user configuration included: registry, certificates, Node's headers), and the
 * stage's own /root as HOME. npm's cache is one folder of the replay, shared by its stages: `npm
 * cache clean` in a RUN cleans that one, not this machine's.
 */
function stageEnvironment(stage, extra = {}) {
  const home = path.join(stage.root, 'root');
  mkdirSync(home, { recursive: true });
  const userNpmrc = path.join(process.env.HOME ?? '/root', '.npmrc');
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => NETWORK_VARIABLES.test(key))),
    PATH: process.env.PATH,
    HOME: home,
    ...(existsSync(userNpmrc) ? { npm_config_userconfig: userNpmrc } : {}),
    npm_config_cache: path.join(stage.root, '..', '..', 'npm-cache'),
    ...Object.fromEntries(Object.entries(stage.env).map(([key, value]) => [key, mapText(stage, value)])),
    ...extra,
  };
}

/** The command as the stage's USER (setpriv), or as is when there is none or it does not exist. */
function asStageUser(stage, argv) {
  if (!stage.user || stage.user === 'root' || process.getuid?.() !== 0) return argv;
  if (!userExists(stage.user)) {
    note(`USER ${stage.user} does not exist here: running as ${process.env.USER ?? 'the current user'}`);
    return argv;
  }
  return ['setpriv', `--reuid=${stage.user}`, `--regid=${stage.user}`, '--init-groups', ...argv];
}

// --- Instructions ---------------------------------------------------------------------------

/** apt-get lines: the packages they install must be (or become) installed on this machine. */
function replayAptGet(command) {
  const install = /apt-get\s+install\s+([^&;|]*)/.exec(command);
  const packages = install ? install[1].split(/\s+/).filter((word) => word && !word.startsWith('-')) : [];
  const missing = packages.filter(
    (name) => spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status !== 0,
  );
  note(
    `system packages ${packages.join(', ') || '(none)'}: ${missing.length ? `installing ${missing.join(', ')}` : 'already installed here'}`,
  );
  if (!missing.length) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) fail(`apt-get ${args.join(' ')} exited with ${result.status}`);
  }
}

function replayRun(stage, rest) {
  const exec = execForm(rest);
  const command = exec ? exec.join(' ') : rest;
  if (/\bapt-get\b/.test(command)) return replayAptGet(command);
  const argv = exec ? exec.map((arg) => mapText(stage, arg)) : ['/bin/sh', '-c', mapText(stage, rest)];
  const cwd = inStage(stage, stage.workdir);
  mkdirSync(cwd, { recursive: true });
  const [program, ...args] = asStageUser(stage, argv);
  const result = spawnSync(program, args, { cwd, env: stageEnvironment(stage), stdio: 'inherit' });
  if (result.status !== 0) fail(`RUN ${command} exited with ${result.status ?? result.signal}`);
}

function replayCopy(stage, rest, stages, context) {
  const args = words(rest);
  const flags = {};
  while (args[0]?.startsWith('--')) {
    const [flag, value] = args.shift().slice(2).split('=');
    flags[flag] = value;
  }
  if (args.length < 2) fail(`COPY needs a source and a destination (got ${rest})`);
  const destination = args.pop();
  let sourceRoot = context;
  let source = (item) => path.join(context, item);
  if (flags.from) {
    const from = stages.find((one) => one.name === flags.from);
    if (!from) fail(`COPY --from=${flags.from}: no earlier stage has that name`);
    sourceRoot = from.root;
    source = (item) => inStage(from, item);
  }
  const target = inStage(stage, destination);
  const intoFolder = destination.endsWith('/') || destination === '.' || args.length > 1;
  for (const item of args) {
    if (/[*?[]/.test(item)) fail(`COPY ${item}: wildcards are not replayed; name the files`);
    const from = source(item);
    if (!path.resolve(from).startsWith(sourceRoot)) fail(`COPY ${item}: outside the build context`);
    if (!existsSync(from))
      fail(`COPY ${item}: not found${flags.from ? ` in stage ${flags.from}` : ' in the build context'}`);
    const to = statSync(from).isDirectory()
      ? target
      : intoFolder
        ? path.join(target, path.basename(from))
        : target;
    mkdirSync(statSync(from).isDirectory() ? to : path.dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    if (flags.chown && userExists(flags.chown.split(':')[0])) {
      spawnSync('chown', ['-R', flags.chown, to]);
    }
  }
}

function replayInstruction(instruction, stage, stages, context) {
  const { keyword, rest } = instruction;
  switch (keyword) {
    case 'WORKDIR':
      stage.workdir = path.posix.resolve(stage.workdir, mapText({ ...stage, owns: new Set() }, rest));
      mkdirSync(inStage(stage, stage.workdir), { recursive: true });
      return;
    case 'ENV':
      Object.assign(stage.env, parseEnv(rest));
      return;
    case 'ARG': {
      const [key, value] = rest.split('=');
      if (value !== undefined && stage.env[key] === undefined) stage.env[key] = value;
      return;
    }
    case 'USER':
      stage.user = rest.split(':')[0];
      return;
    case 'RUN':
      return replayRun(stage, rest);
    case 'COPY':
      return replayCopy(stage, rest, stages, context);
    case 'CMD':
      stage.cmd = execForm(rest) ?? ['/bin/sh', '-c', rest];
      return;
    case 'ENTRYPOINT':
      fail('ENTRYPOINT is not replayed: the image runs its CMD');
      return;
    case 'EXPOSE':
    case 'VOLUME':
    case 'HEALTHCHECK':
    case 'LABEL':
    case 'STOPSIGNAL':
      note('(metadata: nothing to replay)');
      return;
    default:
      fail(`${keyword} is not replayed`);
  }
}

// --- The context ----------------------------------------------------------------------------

/** A .dockerignore pattern as an expression on a path and on its folders (`**`, `*`, `?`). */
function globExpression(pattern) {
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split(/(\*\*\/|\*\*|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}(?:/.*)?$`);
}

/** A fresh clone of the committed checkout, less what .dockerignore leaves out of the context. */
function buildContext(work) {
  const context = path.join(work, 'context');
  const clone = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repository, context], {
    stdio: 'inherit',
  });
  if (clone.status !== 0) fail('git clone of the checkout failed');
  const head = spawnSync('git', ['-C', context, 'log', '-1', '--format=%h %s'], {
    encoding: 'utf8',
  }).stdout.trim();
  note(`commit ${head}`);
  const ignoreFile = path.join(context, '.dockerignore');
  if (existsSync(ignoreFile)) {
    const patterns = readFileSync(ignoreFile, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const listed = spawnSync('git', ['-C', context, 'ls-files', '-z'], { encoding: 'utf8' })
      .stdout.split('\0')
      .filter(Boolean);
    const expressions = patterns.map(globExpression);
    const matches = (file) => expressions.some((expression) => expression.test(file));
    for (const file of listed.filter(matches)) rmSync(path.join(context, file), { force: true });
    rmSync(path.join(context, '.git'), { recursive: true, force: true });
    note(`.dockerignore applied (${patterns.length} patterns)`);
  }
  return context;
}

// --- The running image ----------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

async function checkRunningImage(stage) {
  step(`CMD ${JSON.stringify(stage.cmd)}`);
  if (!stage.cmd) fail('the final stage has no CMD');
  const program = path.basename(stage.cmd[0]);
  if (program !== 'node') fail(`the CMD starts ${program}, not node: node must be PID 1 to receive SIGTERM`);
  const port = await freePort();
  const env = stageEnvironment(stage, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TOKEN_PEPPER: randomBytes(32).toString('base64url'),
    MEDIA_SIGNING_KEY: randomBytes(32).toString('base64url'),
  });
  if (!env.DATA_DIR) fail('the image sets no DATA_DIR');
  mkdirSync(env.DATA_DIR, { recursive: true });
  note(`NODE_ENV=production PORT=${port} DATA_DIR=${env.DATA_DIR}`);
  const cwd = inStage(stage, stage.workdir);
  const [command, ...args] = asStageUser(
    stage,
    stage.cmd.map((arg) => mapText(stage, arg)),
  );
  const server = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => output.push(chunk));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  const lastLines = () => Buffer.concat(output).toString().trim().split('\n').slice(-15).join('\n');
  const base = `http://127.0.0.1:${port}`;
  try {
    step('GET /readyz answers 200');
    const started = performance.now();
    for (;;) {
      const ready = await get(`${base}/readyz`).catch(() => null);
      if (ready?.status === 200) break;
      if (server.exitCode !== null) fail(`the server exited with code ${server.exitCode}:\n${lastLines()}`);
      if (performance.now() - started > READY_TIMEOUT_MS)
        fail(`/readyz did not answer 200 within 60 s:\n${lastLines()}`);
      await sleep(100);
    }
    note(`ready ${((performance.now() - started) / 1000).toFixed(1)} s after the start`);

    step('GET / gives the web app');
    const page = await get(`${base}/`);
    if (page.status !== 200 || !page.type.includes('text/html') || !page.body.includes('<div id="root"')) {
      fail(`GET / answered ${page.status} ${page.type}: ${page.body.slice(0, 200)}`);
    }

    step('GET /api/v1/site-settings answers from the API');
    const settings = await get(`${base}/api/v1/site-settings`);
    if (settings.status !== 200 || JSON.parse(settings.body).status !== true)
      fail(`answered ${settings.status}: ${settings.body.slice(0, 200)}`);
    note(settings.body);

    step('GET /api/docs/json describes the API');
    const docs = await get(`${base}/api/docs/json`);
    if (docs.status !== 200 || !JSON.parse(docs.body).openapi) fail(`answered ${docs.status}`);

    step('node apps/server/dist/cli/admin-create.js --email admin@replay.test --link');
    const [adminCommand, ...adminArgs] = asStageUser(stage, [
      'node',
      'apps/server/dist/cli/admin-create.js',
      '--email',
      'admin@replay.test',
      '--link',
    ]);
    const admin = spawnSync(adminCommand, adminArgs, {
      cwd,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    if (admin.status !== 0 || !admin.stdout.includes('/reset-password?token=')) {
      fail(`exited with ${admin.status}:\n${admin.stdout}${admin.stderr}`);
    }
    note(admin.stdout.trim().split('\n')[0]);

    step('SIGTERM stops the server gracefully');
    server.kill('SIGTERM');
    const end = await Promise.race([exited, sleep(15_000).then(() => null)]);
    if (!end) fail('the server was still running 15 s after SIGTERM');
    if (end.code !== 0)
      fail(`the server exited with ${end.code ?? end.signal} after SIGTERM:\n${lastLines()}`);
    note('exited with code 0');
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
}

// --- Main -----------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({ options: { dockerfile: { type: 'string' }, keep: { type: 'boolean' } } });
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-image-'));
  // The stage's user (not root) must reach its files, as in the image.
  chmodSync(work, 0o755);
  try {
    step(`Build context: a fresh clone of ${repository} in ${work}`);
    const context = buildContext(work);
    const dockerfile = path.resolve(values.dockerfile ?? path.join(context, 'Dockerfile'));
    note(`Dockerfile: ${values.dockerfile ? dockerfile : 'the clone’s'}`);
    const instructions = parseDockerfile(readFileSync(dockerfile, 'utf8'));
    const stages = [];
    const starts = instructions
      .map((one, index) => (one.keyword === 'FROM' ? index : -1))
      .filter((index) => index >= 0);
    if (!starts.length) fail('the Dockerfile has no FROM');
    for (const [number, start] of starts.entries()) {
      const own = instructions.slice(start + 1, starts[number + 1] ?? instructions.length);
      const stage = newStage(instructions[start], own, work, number);
      step(`line ${instructions[start].line}: FROM ${instructions[start].rest}`);
      note(
        `stage root ${stage.root}; Node.js ${process.version} of this machine stands for ${stage.image}'s`,
      );
      provideBaseImageUsers(stage);
      stages.push(stage);
      for (const instruction of own) {
        step(`line ${instruction.line} (${stage.name}): ${instruction.keyword} ${instruction.rest}`);
        try {
          replayInstruction(instruction, stage, stages, context);
        } catch (error) {
          if (error instanceof ReplayError) error.message = `line ${instruction.line}: ${error.message}`;
          throw error;
        }
      }
    }
    await checkRunningImage(stages.at(-1));
    console.log('\nreplay-image: the image builds, serves and stops as its Dockerfile says');
  } finally {
    if (values.keep) console.log(`(kept ${work})`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(
    `\nreplay-image: FAILED at step ${stepNumber}: ${error instanceof ReplayError ? error.message : error.stack}`,
  );
  process.exit(1);
});
