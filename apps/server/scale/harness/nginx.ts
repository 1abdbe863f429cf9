import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, serverDir } from '../../src/cluster/cluster';

/** deploy/nginx: the configuration an operator installs. */
const DEPLOY_DIR = path.resolve(serverDir, '../../deploy/nginx');

export interface RunningNginx {
  /** nginx balancing over every upstream, as members reach the site. */
  url: string;
  /** nginx in front of upstream n alone (the same proxy settings), for requests to a chosen process. */
  upstreamUrls: string[];
  stop(): Promise<void>;
}

/**
 * deploy/nginx/reeltime.conf with the instances of its upstream replaced by `upstreams`, listening
 * on 127.0.0.1:`port`, plus one server per upstream that passes to that upstream alone.
 */
export function renderSiteConfig(upstreams: string[], port: number, ownPorts: number[]): string {
  const site = readFileSync(path.join(DEPLOY_DIR, 'reeltime.conf'), 'utf8');
  const servers = upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n');
  const balanced = site
    .replace(/^ {4}server \S+:\d+ [^\n]*\n(?: {4}server \S+:\d+ [^\n]*\n)*/m, `${servers}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`);
  if (balanced.includes('10.0.0.') || !balanced.includes(`127.0.0.1:${port}`)) {
    throw new Error(
      'deploy/nginx/reeltime.conf no longer has the upstream servers and listen line this harness replaces',
    );
  }
  const alone = upstreams.map(
    (address, index) => `
upstream reeltime_api_${index + 1} {
    server ${address};
    keepalive 8;
}
server {
    listen 127.0.0.1:${ownPorts[index]};
    set $reeltime_upstream reeltime_api_${index + 1};
    include snippets/reeltime-proxy.conf;
}`,
  );
  return [balanced, ...alone].join('\n');
}

/** Debian's nginx with a prefix of its own (not /etc/nginx), in the foreground. */
export async function startNginx(options: {
  upstreams: string[];
  output: (line: string) => void;
}): Promise<RunningNginx> {
  const nginx = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  if (nginx.error) {
    throw new Error(
      'SCALE_BALANCER=nginx needs nginx (apt-get install -y nginx; deploy/nginx/test-through-nginx.sh does it)',
    );
  }
  const prefix = mkdtempSync(path.join(tmpdir(), 'reeltime-nginx-'));
  // nginx's worker processes run as nobody when started by root: they must reach their temp folders.
  chmodSync(prefix, 0o755);
  for (const folder of ['conf/snippets', 'logs', 'temp'])
    mkdirSync(path.join(prefix, folder), { recursive: true });
  chmodSync(path.join(prefix, 'temp'), 0o777);
  const port = await freePort();
  const ownPorts = await Promise.all(options.upstreams.map(() => freePort()));
  writeFileSync(
    path.join(prefix, 'conf/snippets/reeltime-proxy.conf'),
    readFileSync(path.join(DEPLOY_DIR, 'reeltime-proxy.conf')),
  );
  writeFileSync(path.join(prefix, 'conf/reeltime.conf'), renderSiteConfig(options.upstreams, port, ownPorts));
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  writeFileSync(
    path.join(prefix, 'conf/nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 4096; }',
      'http {',
      '    access_log off;',
      `    ${temp('client_body')}`,
      `    ${temp('proxy')}`,
      `    ${temp('fastcgi')}`,
      `    ${temp('uwsgi')}`,
      `    ${temp('scgi')}`,
      '    include reeltime.conf;',
      '}',
    ].join('\n'),
  );
  const child = spawn('nginx', ['-p', prefix, '-c', 'conf/nginx.conf', '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', options.output);
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exited = false;
  void gone.then(() => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const upstreamUrls = ownPorts.map((one) => `http://127.0.0.1:${one}`);
  const stop = async () => {
    // SIGQUIT: nginx's graceful shutdown.
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
    rmSync(prefix, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt++) {
    if (exited) throw new Error(`nginx exited (code ${child.exitCode}); its configuration is in ${prefix}`);
    const answer = await fetch(`${url}/readyz`).catch(() => undefined);
    if (answer?.status === 200) {
      // nginx names itself in the Server header it sends: proof the suite's requests go through it.
      const server = answer.headers.get('server') ?? '';
      if (!server.startsWith('nginx')) {
        await stop();
        throw new Error(
          `the balanced port answered without nginx's Server header (${JSON.stringify(server)})`,
        );
      }
      return { url, upstreamUrls, stop };
    }
    if (attempt > 200) {
      await stop();
      throw new Error('nginx did not pass /readyz on within 10 s');
    }
    await sleep(50);
  }
}
