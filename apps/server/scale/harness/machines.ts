import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import pg from 'pg';
import { freePort, serverDir } from '../../src/cluster/cluster';
import { deleteRedisKeys, freshPostgresDatabase } from '../../src/testing/stores';
// @ts-expect-error -- a plain ES module of the project's scripts, without type declarations
import { startCephS3 } from '../../../../scripts/services/ceph-s3.mjs';
import { startNginx, type RunningNginx } from './nginx';
import { SCALE_POSTGRES, SCALE_REDIS } from './site';

/** One machine of the site: an API or worker process with its own DATA_DIR. */
export interface Machine {
  name: string;
  dataDir: string;
  readonly pid: number | undefined;
}

interface CephGateway {
  url: string;
  gateway: { kill(): Promise<void>; start(): Promise<void> };
}

export interface ManyMachinesSite {
  /** nginx balancing over the API machines. */
  url: string;
  /** nginx in front of API machine n alone. */
  apiUrl(index: number): string;
  apis: Machine[];
  workers: Machine[];
  bucket: string;
  /** A client of the gateway with the site's keys, for looking at the bucket as the operator would. */
  s3: S3Client;
  s3Endpoint: string;
  /** Every key in the bucket. */
  objectKeys(prefix?: string): Promise<string[]>;
  /** Takes the S3 gateway away (SIGKILL) and gives it back on the same port. */
  killGateway(): Promise<void>;
  startGateway(): Promise<void>;
  /** Stops the API machines and starts them again with `env` added (same ports, same DATA_DIRs). */
  restartApis(env: NodeJS.ProcessEnv): Promise<void>;
  sql<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  output: string[];
  close(): Promise<void>;
}

interface Running extends Machine {
  child: ChildProcess;
  exited: Promise<void>;
}

/**
 * A site as it runs on several hosts: `apis` API processes and `workers` worker processes, each
 * with a DATA_DIR of its own, sharing nothing but a fresh PostgreSQL database, a Redis key prefix
 * and a bucket on a Ceph RADOS Gateway of the suite's own (so the suite may kill it), behind
 * Debian's nginx with deploy/nginx's configuration.
 */
export async function startManyMachinesSite(options: {
  apis: number;
  workers: number;
  env?: NodeJS.ProcessEnv;
  echo?: boolean;
}): Promise<ManyMachinesSite> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanUp = async () => {
    while (cleanups.length > 0) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
  };
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > 2000) output.splice(0, output.length - 2000);
    if (options.echo) process.stdout.write(`${line}\n`);
  };

  try {
    const cephDir = mkdtempSync(path.join(tmpdir(), 'reeltime-machines-ceph-'));
    cleanups.push(() => rmSync(cephDir, { recursive: true, force: true }));
    const cephStops: Array<() => Promise<void>> = [];
    cleanups.push(async () => {
      while (cephStops.length > 0) await cephStops.pop()!().catch(() => undefined);
    });
    const ceph = (await startCephS3(cephDir, (stop: () => Promise<void>) =>
      cephStops.push(stop),
    )) as CephGateway;
    const gatewayUrl = new URL(ceph.url);
    const credentials = {
      accessKeyId: decodeURIComponent(gatewayUrl.username),
      secretAccessKey: decodeURIComponent(gatewayUrl.password),
    };
    const s3 = new S3Client({
      endpoint: gatewayUrl.origin,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials,
    });
    const bucket = `reeltime-machines-${randomBytes(4).toString('hex')}`;
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const objectKeys = async (prefix = '') => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    };
    cleanups.push(async () => {
      for (const Key of await objectKeys()) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
      s3.destroy();
    });

    const database = await freshPostgresDatabase(SCALE_POSTGRES, {
      prefix: 'reeltime_test_machines',
      setting: 'SCALE_DATABASE_URL',
    });
    cleanups.push(() => database.drop());
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());
    const redisPrefix = `reeltime-machines:${process.pid}:${randomBytes(4).toString('hex')}:`;
    cleanups.push(() => deleteRedisKeys(SCALE_REDIS, redisPrefix));

    const sharedEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATABASE_URL: database.url,
      REDIS_URL: SCALE_REDIS,
      REDIS_KEY_PREFIX: redisPrefix,
      TOKEN_PEPPER: randomBytes(32).toString('hex'),
      MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: 'true',
      RATE_LIMIT_AUTH_MAX: '100000',
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: gatewayUrl.origin,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...options.env,
    };

    const machines: Running[] = [];
    const stopMachine = async (machine: Running) => {
      if (machine.child.exitCode === null && machine.child.signalCode === null) {
        machine.child.kill('SIGTERM');
        const stopped = await Promise.race([machine.exited.then(() => true), sleep(15_000, false)]);
        if (!stopped) {
          machine.child.kill('SIGKILL');
          await machine.exited;
        }
      }
    };
    cleanups.push(async () => {
      await Promise.all(machines.map(stopMachine));
      for (const machine of machines) rmSync(machine.dataDir, { recursive: true, force: true });
    });

    const launch = (name: string, entry: string, env: NodeJS.ProcessEnv, dataDir: string): Running => {
      const child = spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: serverDir,
        env: { ...sharedEnv, ...env, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on('line', (line) => keep(`${name} | ${line}`));
      }
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      return {
        name,
        dataDir,
        child,
        exited,
        get pid() {
          return child.exitCode === null && child.signalCode === null ? child.pid : undefined;
        },
      };
    };

    const apiPorts = await Promise.all(Array.from({ length: options.apis }, () => freePort()));
    const apiDirs = apiPorts.map((_, index) =>
      mkdtempSync(path.join(tmpdir(), `reeltime-api-${index + 1}-`)),
    );
    const apiEnv = (index: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
      PORT: String(apiPorts[index]),
      HOST: '127.0.0.1',
      IN_PROCESS_WORKER: 'false',
      ...extra,
    });
    const startApis = async (extra: NodeJS.ProcessEnv) => {
      const started = apiPorts.map((_, index) =>
        launch(`api-${index + 1}`, 'src/main.ts', apiEnv(index, extra), apiDirs[index]!),
      );
      await Promise.all(started.map((machine, index) => untilHealthy(machine, apiPorts[index]!, output)));
      return started;
    };

    let apis = await startApis({});
    machines.push(...apis);
    const workers = Array.from({ length: options.workers }, (_, index) =>
      launch(
        `worker-${index + 1}`,
        'src/worker.ts',
        {},
        mkdtempSync(path.join(tmpdir(), `reeltime-worker-${index + 1}-`)),
      ),
    );
    machines.push(...workers);

    const nginx: RunningNginx = await startNginx({
      upstreams: apiPorts.map((port) => `127.0.0.1:${port}`),
      output: (line) => keep(`nginx | ${line}`),
    });
    cleanups.push(() => nginx.stop());

    return {
      url: nginx.url,
      apiUrl: (index) => nginx.upstreamUrls[index]!,
      get apis() {
        return apis;
      },
      workers,
      bucket,
      s3,
      s3Endpoint: gatewayUrl.origin,
      objectKeys,
      killGateway: () => ceph.gateway.kill(),
      startGateway: () => ceph.gateway.start(),
      async restartApis(env) {
        await Promise.all(apis.map(stopMachine));
        apis = await startApis(env);
        machines.push(...apis);
      },
      async sql(text, values) {
        return (await pool.query(text, values)).rows;
      },
      output,
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw new Error(`the site did not start: ${String(error)}\n${output.slice(-40).join('\n')}`);
  }
}

/** Resolves once the API process answers /healthz on its port; fails if it exits first. */
async function untilHealthy(machine: Running, port: number, output: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  let exited = false;
  void machine.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${machine.name} exited:\n${output.slice(-20).join('\n')}`);
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.ok)
      .catch(() => false);
    if (answered) return;
    await sleep(200);
  }
  throw new Error(`${machine.name} did not answer /healthz within 90 s`);
}
