import type { MultipartFile } from '@fastify/multipart';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ServerMessages } from '@reeltime/contract';
import { PayloadTooLarge } from '../lib/errors';

/** A file of a multipart request, written to a temporary local file as it arrived. */
export interface UploadedFile {
  /** Deleted once the response has been sent. */
  path: string;
  size: number;
  /** What the client called it: for display only, never a path or a type. */
  filename: string;
}

/**
 * The temporary files of one request. Each file is streamed to disk as its part arrives, so no
 * upload is ever held in memory; `discard` deletes them all, and any spooled after it.
 */
export class UploadSpool {
  private readonly paths: string[] = [];
  private discarded = false;

  constructor(private readonly dir: string) {}

  /**
   * Streams a file part to a new file. Refused with 413 as soon as the part passes the multipart
   * size limit, keeping nothing. An empty part (a file input left empty) gives undefined.
   */
  async save(part: MultipartFile): Promise<UploadedFile | undefined> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${randomBytes(16).toString('hex')}.upload`);
    this.paths.push(file);
    // Opened before any byte flows, so a refusal can never race the file's creation.
    const out = (await open(file, 'wx')).createWriteStream();
    // The parser stops passing bytes on at the limit but reads the part to its end before ending
    // the stream; failing here answers at once instead of after the rest of the body.
    part.file.once('limit', () => part.file.destroy(new PayloadTooLarge(ServerMessages.tooLarge)));
    try {
      await pipeline(part.file, out);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    if (this.discarded || out.bytesWritten === 0) {
      await rm(file, { force: true });
      return undefined;
    }
    return { path: file, size: out.bytesWritten, filename: part.filename };
  }

  async discard(): Promise<void> {
    this.discarded = true;
    await Promise.all(this.paths.map((file) => rm(file, { force: true })));
  }
}

/** Deletes spooled files older than `maxAgeMs`: left by a process that stopped in the middle of a request. */
export async function removeStaleUploads(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((candidate) => candidate.endsWith('.upload'))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < now - maxAgeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
