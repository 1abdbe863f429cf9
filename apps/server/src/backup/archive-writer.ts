import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { ArchivedFile } from './manifest';

/** A gzip-compressed tar archive written entry by entry, with every file's SHA-256 taken on the way. */
export interface ArchiveWriter {
  /** Adds an open file under `name`, its size as of now: bytes appended later are not taken. */
  addFile(name: string, file: FileHandle, onBytes?: (count: number) => void): Promise<ArchivedFile>;
  addBuffer(name: string, body: Buffer): Promise<void>;
  /** Ends the archive and waits until it is all written to `out`. */
  finish(): Promise<void>;
}

export function createArchiveWriter(out: Writable): ArchiveWriter {
  const pack = tar.pack();
  // Level 1: most of an archive is video segments and images that do not compress; higher levels
  // doubled the time of a 155 MB backup for 11% less (docs/decisions/0031-backups.md).
  const output = pipeline(pack, createGzip({ level: 1 }), out);
  // Reported by finish(); until then a failed output is seen as a stalled write.
  output.catch(() => undefined);

  /** tar-stream's entries are streamx streams: end() takes no callback, the entry's own callback says when it is written. */
  const openEntry = (header: Parameters<typeof pack.entry>[0]) => {
    let settle: (error?: Error | null) => void = () => undefined;
    const written = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    const entry = pack.entry(header, (error) => settle(error));
    // streamx ignores an undefined chunk; its types ask for one argument.
    return { entry, written, end: () => entry.end(undefined) };
  };

  return {
    async addFile(name, file, onBytes) {
      const info = await file.stat();
      const hash = createHash('sha256');
      const { entry, written, end } = openEntry({
        name,
        size: info.size,
        mode: info.mode & 0o777,
        mtime: info.mtime,
      });
      let size = 0;
      if (info.size > 0) {
        for await (const chunk of file.createReadStream({ start: 0, end: info.size - 1, autoClose: false })) {
          const bytes = chunk as Buffer;
          hash.update(bytes);
          size += bytes.length;
          onBytes?.(bytes.length);
          if (!entry.write(bytes)) await once(entry, 'drain');
        }
      }
      end();
      await written;
      return { path: name, size, sha256: hash.digest('hex') };
    },

    async addBuffer(name, body) {
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name, size: body.length, mode: 0o644 }, body, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },

    async finish() {
      pack.finalize();
      await output;
    },
  };
}
