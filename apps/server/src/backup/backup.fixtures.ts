import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * Running the backup and restore commands as an operator would, and archives edited the way a
 * damaged copy or a newer site would leave them. Not used by the server itself.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- …` as its own process, with the site's DATA_DIR and DATABASE_URL. */
export function runCli(
  command: 'backup' | 'restore',
  args: string[],
  env: { DATA_DIR: string; DATABASE_URL?: string },
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [`src/cli/${command}.ts`, ...args],
      {
        cwd: serverDir,
        // eslint-disable-next-line no-restricted-properties -- the command runs with this process's PATH
        env: { ...process.env, DATABASE_URL: '', INIT_CWD: '', ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Copies an archive entry by entry; `edit` may return other bytes for an entry. The entries keep
 * their names and order; only their sizes follow the new bytes.
 */
export async function rewriteArchive(
  from: string,
  to: string,
  edit: (name: string, body: Buffer) => Buffer,
): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      const body = edit(header.name, Buffer.concat(chunks));
      pack.entry({ ...header, size: body.length }, body, next);
    });
  });
  extract.on('finish', () => pack.finalize());
  await Promise.all([
    pipeline(createReadStream(from), createGunzip(), extract),
    pipeline(pack, createGzip(), createWriteStream(to)),
  ]);
}

/** One entry's bytes (the whole archive is read: tests use small ones). */
export async function readArchiveEntry(archive: string, name: string): Promise<Buffer> {
  let found: Buffer | undefined;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      if (header.name === name) found = Buffer.concat(chunks);
      next();
    });
  });
  await pipeline(createReadStream(archive), createGunzip(), extract);
  if (!found) throw new Error(`${archive} has no ${name}`);
  return found;
}
