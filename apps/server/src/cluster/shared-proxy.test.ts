import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { serverDir } from './cluster';
import { createProxy, newBackend, type Backend } from './proxy';
import { startProxyProcesses, type ProxyProcesses } from './shared-proxy';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `script` in its own Node process (so a blocked loop here does not stop it); its first line. */
function nodeProcess(script: string): { child: ChildProcess; firstLine: Promise<string> } {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => void child.kill('SIGKILL'));
  const firstLine = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing: ${text}`)));
  });
  return { child, firstLine };
}

/** A backend in its own process answering with its name. */
async function backendProcess(name: string): Promise<Backend> {
  const { firstLine } = nodeProcess(
    `const s = require('node:http').createServer((q, r) => r.end(${JSON.stringify(name)}));` +
      `s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
  );
  const backend = newBackend(name, Number(await firstLine));
  backend.up = true;
  return backend;
}

/** GETs `url` `times` times in turn from another process; prints the answers and when the last came. */
function clientProcess(url: string, times: number) {
  return nodeProcess(
    `(async () => { const names = [];` +
      `for (let i = 0; i < ${times}; i++) names.push(await (await fetch(${JSON.stringify(url)})).text());` +
      `console.log(JSON.stringify({ names, at: Date.now() })); })();`,
  ).firstLine.then((line) => JSON.parse(line) as { names: string[]; at: number });
}

function blockThisProcess(ms: number): number {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy: this process's event loop accepts nothing meanwhile.
  }
  return Date.now();
}

async function startSharedProxy(backends: Backend[], logs: string[] = []) {
  const proxy = createProxy({ backends, trustIncoming: false });
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => proxy.close());
  const processes: ProxyProcesses = await startProxyProcesses({
    server: proxy.server,
    backends,
    trustIncoming: false,
    count: 1,
    cwd: serverDir,
    log: (line) => logs.push(line),
    output: (name, line) => logs.push(`${name} ${line}`),
  });
  cleanups.push(() => processes.stop(5000));
  const { port } = proxy.server.address() as AddressInfo;
  return { proxy, processes, url: `http://127.0.0.1:${port}/` };
}

describe('proxy processes sharing the public socket', () => {
  it('answer while the launcher is too busy to accept a connection', async () => {
    const api = await backendProcess('api-1');
    const { url } = await startSharedProxy([api]);
    const answer = clientProcess(url, 3);
    // Long enough for the client process to start and ask; only the proxy process can answer it.
    const unblockedAt = blockThisProcess(4000);
    const { names, at } = await answer;
    expect(names).toEqual(['api-1', 'api-1', 'api-1']);
    expect(at).toBeLessThan(unblockedAt);
  }, 30_000);

  it('are told when a backend goes away and stop sending it requests', async () => {
    const [one, two] = [await backendProcess('api-1'), await backendProcess('api-2')];
    const { processes, url } = await startSharedProxy([one, two]);
    one.up = false;
    processes.backendsChanged();
    await sleep(300);
    const answer = clientProcess(url, 4);
    const unblockedAt = blockThisProcess(4000);
    const { names, at } = await answer;
    expect(at).toBeLessThan(unblockedAt);
    expect(names).toEqual(['api-2', 'api-2', 'api-2', 'api-2']);
  }, 30_000);

  it('are started again after being killed, and free the port once stopped', async () => {
    const api = await backendProcess('api-1');
    const logs: string[] = [];
    const { proxy, processes, url } = await startSharedProxy([api], logs);
    const [first] = processes.pids();
    process.kill(first!, 'SIGKILL');
    await expect
      .poll(() => processes.pids().filter((pid) => pid !== first).length, { timeout: 20_000 })
      .toBe(1);
    expect(logs.join('\n')).toMatch(/proxy-1 was killed \(SIGKILL\); restarting it/);
    expect(await (await fetch(url)).text()).toBe('api-1');

    await Promise.all([proxy.close(), processes.stop(5000)]);
    await expect(fetch(url)).rejects.toThrow();
  }, 40_000);
});
