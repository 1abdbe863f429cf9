import { spawn } from 'node:child_process';
import { BackupError, errorCode } from './backup-error';

export type PgTool = 'pg_dump' | 'pg_restore';

/**
 * The tools' view of DATABASE_URL: the password goes through PGPASSWORD, so it is not shown in
 * the process list.
 */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs pg_dump or pg_restore; its error output becomes the message when it fails. */
export function runPgTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line no-restricted-properties -- the tool needs PATH, locale and PG* variables
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 16_384) stderr += chunk;
    });
    child.on('error', (error) => {
      reject(
        errorCode(error) === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install PostgreSQL's client tools, the server's major version or newer ` +
                `(Debian/Ubuntu: apt-get install postgresql-client), or put ${tool} on PATH.`,
            )
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}
