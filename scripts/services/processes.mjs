import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What starting a server needs: a free port, its binary, an unprivileged user, a watched process. */

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The executable `name` on PATH, or undefined. */
export function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/**
 * The user a server runs as: this one, or when this is root (PostgreSQL refuses to run as root),
 * the first of `names` that exists.
 */
export function unprivilegedUser(names) {
  if (process.getuid?.() !== 0) return undefined;
  const users = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .filter((fields) => fields.length >= 4);
  for (const name of names) {
    const found = users.find((fields) => fields[0] === name);
    if (found) return { name, uid: Number(found[2]), gid: Number(found[3]) };
  }
  throw new Error(`running as root, and none of the users ${names.join(', ')} exists to run the server as`);
}

/** Runs a command to its end; its output goes to `logFile` and is shown if it fails. */
export async function run(command, args, { user, cwd, logFile }) {
  const child = spawn(command, args, {
    cwd,
    uid: user?.uid,
    gid: user?.gid,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`${path.basename(command)} failed (exit ${code}):\n${tail(logFile)}`);
}

/**
 * A long-running server in a process group of its own, so Ctrl-C reaches the tests first and the
 * server is stopped after them. `stop()` sends `stopSignal`, and SIGKILL if it lingers.
 */
export function startServer(command, args, { user, cwd, logFile, stopSignal = 'SIGTERM' }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd,
    uid: user?.uid,
    gid: user?.gid,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('close', resolve));
  child.once('error', () => {});
  return {
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      child.kill(stopSignal);
      // An unreferenced timer: once the server is gone, it must not keep this process alive 15 s.
      const deadline = sleep(15_000, false, { ref: false });
      const stoppedInTime = await Promise.race([exited.then(() => true), deadline]);
      if (!stoppedInTime) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Polls `ready` until it holds; fails early with the log when the server exits. */
export async function waitUntilReady(name, server, ready, logFile, deadlineMs = 60_000) {
  let gone = false;
  void server.exited.then(() => (gone = true));
  const started = Date.now();
  for (;;) {
    if (gone) throw new Error(`${name} exited while starting:\n${tail(logFile)}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() - started > deadlineMs) {
      throw new Error(`${name} did not answer within ${deadlineMs / 1000} s:\n${tail(logFile)}`);
    }
    await sleep(100);
  }
}

function tail(logFile, lines = 20) {
  try {
    return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}
