import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupError } from './backup-error';
import { ArchivePaths, type ArchivedFile } from './manifest';

export interface ExtractedArchive {
  /** The files written under the folder, as found: path, size and SHA-256. */
  files: ArchivedFile[];
  /** The manifest's bytes, kept in memory rather than written out. */
  manifest: Buffer | undefined;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** Far above any real manifest; a bigger entry of that name is not one. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/** Whether an archive path stays inside the folder it is extracted to. */
function isSafeEntryName(name: string): boolean {
  const parts = name.split('/');
  return !name.startsWith('/') && parts.every((part) => part !== '' && part !== '.' && part !== '..');
}

async function startsLikeGzip(archive: string): Promise<boolean> {
  const handle = await open(archive);
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head.equals(GZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/** Counts the compressed bytes read, for progress. */
function byteCounter(onBytes: (count: number) => void) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}

/**
 * Unpacks `archive` into `folder`, hashing every file; the manifest is returned, not written. A
 * file that is not gzip is "not a backup"; gzip or tar errors past that point mean damage.
 */
export async function extractArchive(
  archive: string,
  folder: string,
  onBytes: (count: number) => void = () => undefined,
): Promise<ExtractedArchive> {
  if (!(await startsLikeGzip(archive))) throw new NotABackup('it is not a gzip-compressed archive');
  const files: ArchivedFile[] = [];
  let manifest: Buffer | undefined;
  const extract = tar.extract();

  extract.on('entry', (header, stream, next) => {
    const fail = (error: Error) => {
      stream.resume();
      next(error);
    };
    if (header.type === 'directory') {
      stream.on('end', () => next());
      stream.resume();
      return;
    }
    if (header.type !== 'file' || !isSafeEntryName(header.name)) {
      fail(new DamagedArchive(`it holds an entry that a backup never has (${header.name})`));
      return;
    }
    if (header.name === ArchivePaths.manifest) {
      if ((header.size ?? 0) > MAX_MANIFEST_BYTES)
        return fail(new DamagedArchive('its manifest is too large'));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        manifest = Buffer.concat(chunks);
        next();
      });
      return;
    }
    writeEntry(path.join(folder, ...header.name.split('/')), stream, header.mode ?? 0o644).then(
      ({ size, sha256 }) => {
        files.push({ path: header.name, size, sha256 });
        next();
      },
      (error: Error) => fail(error),
    );
  });

  try {
    await pipeline(createReadStream(archive), byteCounter(onBytes), createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const reason = (error as Error).message;
    throw new DamagedArchive(
      /unexpected end|end of file/i.test(reason)
        ? 'it ends early (a truncated copy?)'
        : `it cannot be read (${reason})`,
    );
  }
  return { files, manifest };
}

async function writeEntry(file: string, stream: AsyncIterable<unknown>, mode: number) {
  await mkdir(path.dirname(file), { recursive: true });
  const handle: FileHandle = await open(file, 'wx', mode & 0o777);
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      size += bytes.length;
      await handle.write(bytes);
    }
  } finally {
    await handle.close();
  }
  return { size, sha256: hash.digest('hex') };
}

export class NotABackup extends BackupError {
  constructor(reason: string) {
    super(`This file is not a Reeltime backup: ${reason}.`);
  }
}

export class DamagedArchive extends BackupError {
  constructor(reason: string) {
    super(`This backup is damaged and cannot be restored: ${reason}. Nothing was written.`);
  }
}
