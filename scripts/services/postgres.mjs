import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { findOnPath, freePort, run, startServer, unprivilegedUser, waitUntilReady } from './processes.mjs';

const DEBIAN_VERSIONS = '/usr/lib/postgresql';

/** The newest Debian PostgreSQL's bin directory, else the one whose initdb is on PATH. */
function binDir() {
  const versions = existsSync(DEBIAN_VERSIONS)
    ? readdirSync(DEBIAN_VERSIONS)
        .filter((version) => existsSync(path.join(DEBIAN_VERSIONS, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return path.join(DEBIAN_VERSIONS, versions[0], 'bin');
  const initdb = findOnPath('initdb');
  return initdb && path.dirname(initdb);
}

/** PostgreSQL: a throwaway cluster, trust auth, user postgres, on 127.0.0.1 only. */
export const postgres = {
  name: 'PostgreSQL',
  variable: 'TEST_DATABASE_URL',
  debianPackage: 'postgresql',
  installed: () => binDir() !== undefined,

  async start(dir, defer) {
    const bin = binDir();
    const user = unprivilegedUser(['postgres', 'nobody']);
    if (user) chownSync(dir, user.uid, user.gid);
    const dataDir = path.join(dir, 'data');
    const logFile = path.join(dir, 'postgres.log');
    await run(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'],
      { user, cwd: dir, logFile },
    );
    const port = await freePort();
    const server = startServer(
      path.join(bin, 'postgres'),
      // Durability is worthless for a cluster deleted at the end: fsync off keeps the tests fast.
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
      // SIGINT is PostgreSQL's fast shutdown: open sessions are ended rather than waited for.
      { user, cwd: dir, logFile, stopSignal: 'SIGINT' },
    );
    defer(() => server.stop());
    const pgIsReady = async () => {
      const probe = spawn(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]);
      const [code] = await once(probe, 'close');
      return code === 0;
    };
    await waitUntilReady('PostgreSQL', server, pgIsReady, logFile);
    return `postgres://postgres@127.0.0.1:${port}/postgres`;
  },
};
