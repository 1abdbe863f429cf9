import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from '../../src/cluster/cluster';

/**
 * A redis-server of a suite's own on a free port, without persistence, that the suite may kill and
 * start again on the same port (never the shared Redis other work uses).
 */
export interface OwnRedis {
  url: string;
  port: number;
  /** SIGKILL: clients see their connections reset, like a crashed server. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (nothing when it runs); resolves once it answers PING. */
  start(): Promise<void>;
  /** Stops it for good. */
  close(): Promise<void>;
}

async function answersPing(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;

  const running = () => server !== null && server.exitCode === null && server.signalCode === null;

  const start = async () => {
    if (running()) return;
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    server = child;
    const failed = new Promise<never>((_, reject) => {
      child.once('error', (error) => reject(new Error(`redis-server could not start: ${error.message}`)));
      child.once('exit', (code) => reject(new Error(`redis-server exited with code ${code}`)));
    });
    failed.catch(() => undefined);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const up = await Promise.race([answersPing(url), failed]);
      if (up) return;
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 20 s`);
      await sleep(50);
    }
  };

  const kill = async () => {
    const child = server;
    if (!child || !running()) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    server = null;
  };

  await start();
  return { url, port, kill, start, close: kill };
}
