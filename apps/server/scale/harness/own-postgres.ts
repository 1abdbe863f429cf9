import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/cluster/cluster';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a suite's own (initdb in a temporary folder, trust auth, 127.0.0.1 on a
 * free port), that the suite may stop like a crash and start again on the same port — never the
 * shared server other work uses. Removed entirely by `close()`.
 */
export interface OwnPostgres {
  /** A connection URL to its `postgres` database, as the `postgres` role. */
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every backend ends at once, no checkpoint (recovery on start). */
  stopImmediately(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The server binaries: PG_BIN, else Debian's newest /usr/lib/postgresql/<version>/bin, else PATH. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(path.join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  return '';
}

/** initdb and pg_ctl refuse to run as root: as root, they run as the `postgres` OS user. */
async function osUser(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']).then(({ stdout }) => Number(stdout.trim())),
    run('id', ['-g', 'postgres']).then(({ stdout }) => Number(stdout.trim())),
  ]).catch(() => {
    throw new Error('Running as root, a PostgreSQL of its own needs the `postgres` OS user.');
  });
  return { uid, gid };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const tool = (name: string) => (bin ? path.join(bin, name) : name);
  const user = await osUser();
  const folder = mkdtempSync(path.join(tmpdir(), 'reeltime-own-pg-'));
  if (user) chownSync(folder, user.uid, user.gid);
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  const port = await freePort();

  const asOwner = async (command: string, args: string[]) => {
    const [file, argv] = user ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    try {
      return await run(file, argv, { cwd: folder, timeout: 120_000 });
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${path.basename(command)} failed: ${String(error)}\n${log}`);
    }
  };

  const start = async () => {
    await asOwner(tool('pg_ctl'), [
      'start',
      '--wait',
      '--timeout=120',
      '-D',
      dataDir,
      '-l',
      logFile,
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`,
    ]);
  };
  const stopImmediately = async () => {
    await asOwner(tool('pg_ctl'), ['stop', '--wait', '-D', dataDir, '-m', 'immediate']);
  };

  try {
    await asOwner(tool('initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await start();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  let closed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stopImmediately,
    start,
    async close() {
      if (closed) return;
      closed = true;
      await asOwner(tool('pg_ctl'), ['stop', '--wait', '-D', dataDir, '-m', 'immediate']).catch(
        () => undefined,
      );
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
