import { createHash } from 'node:crypto';
import { addAbortSignal, pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FileStore, StoredEntry } from './file-store';

/**
 * Copies every file of one store into another, verified, resumable and never deleting anything:
 * a file the target already holds with the same size and SHA-256 is left as it is; any other is
 * streamed across while its SHA-256 is computed, then the target's copy is read back and must
 * match in size and checksum.
 */

export interface CopyCounts {
  files: number;
  bytes: number;
}

export interface CopyProgress {
  /** Files looked at (copied, already there, failed or gone), and their bytes so far. */
  done: CopyCounts;
  total: CopyCounts;
}

export interface CopyFailure {
  key: string;
  reason: string;
}

export interface CopyReport {
  total: CopyCounts;
  copied: CopyCounts;
  /** Already in the target with the same size and checksum. */
  alreadyThere: CopyCounts;
  /** Listed in the source but deleted from it before they could be copied (not a failure). */
  vanished: string[];
  failures: CopyFailure[];
  /** Files of the target that the source does not have; left in place. */
  onlyInTarget: number;
  /** Stopped by the signal before every file was looked at. */
  interrupted: boolean;
}

export interface CopyOptions {
  from: FileStore;
  to: FileStore;
  /** Files copied at the same time. */
  concurrency?: number;
  /** Stops copying: files under way are abandoned (the stores never keep half a file). */
  signal?: AbortSignal;
  onProgress?: (progress: CopyProgress) => void;
}

/** Counts and hashes what flows through it. */
class Sha256Tap extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;

  constructor(private readonly onBytes?: (bytes: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.onBytes?.(chunk.length);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

interface Fingerprint {
  size: number;
  sha256: string;
}

async function fingerprint(stream: Readable, signal: AbortSignal | undefined): Promise<Fingerprint> {
  if (signal) addAbortSignal(signal, stream);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outcome = 'copied' | 'alreadyThere' | 'vanished';

export async function copyBetweenStores(options: CopyOptions): Promise<CopyReport> {
  const { from, to, signal } = options;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const [sourceEntries, targetEntries] = await Promise.all([from.list(''), to.list('')]);
  const entries = sourceEntries.sort((a, b) => a.key.localeCompare(b.key));
  const sourceKeys = new Set(entries.map((entry) => entry.key));

  const report: CopyReport = {
    total: { files: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.size, 0) },
    copied: { files: 0, bytes: 0 },
    alreadyThere: { files: 0, bytes: 0 },
    vanished: [],
    failures: [],
    onlyInTarget: targetEntries.filter((entry) => !sourceKeys.has(entry.key)).length,
    interrupted: false,
  };
  const done: CopyCounts = { files: 0, bytes: 0 };
  let bytesInFlight = 0;
  const progress = () =>
    options.onProgress?.({ done: { ...done, bytes: done.bytes + bytesInFlight }, total: report.total });

  async function sameInTarget(entry: StoredEntry): Promise<boolean> {
    const existing = await to.stat(entry.key);
    if (!existing || existing.size !== entry.size) return false;
    const [source, target] = await Promise.all([
      from.read(entry.key).then((stream) => fingerprint(stream, signal)),
      to.read(entry.key).then((stream) => fingerprint(stream, signal)),
    ]);
    return source.size === target.size && source.sha256 === target.sha256;
  }

  /** Bytes streamed of a file being copied, until it counts as done. */
  interface Streamed {
    bytes: number;
  }

  async function copy(entry: StoredEntry, streamed: Streamed): Promise<number> {
    const tap = new Sha256Tap((bytes) => {
      streamed.bytes += bytes;
      bytesInFlight += bytes;
      progress();
    });
    const source = await from.read(entry.key);
    if (signal) addAbortSignal(signal, source);
    // The callback form returns the tap; a failing source fails the write through it.
    const body = pipeline(source, tap, () => undefined);
    await to.write(entry.key, body);
    const sent: Fingerprint = { size: tap.bytes, sha256: tap.digest() };
    const stored = await fingerprint(await to.read(entry.key), signal);
    if (stored.size !== sent.size || stored.sha256 !== sent.sha256) {
      throw new Error(
        `the copy does not match: ${stored.size} bytes with SHA-256 ${stored.sha256} read back, ` +
          `${sent.size} bytes with SHA-256 ${sent.sha256} sent`,
      );
    }
    return sent.size;
  }

  async function handle(
    entry: StoredEntry,
    streamed: Streamed,
  ): Promise<{ outcome: Outcome; bytes: number }> {
    try {
      if (await sameInTarget(entry)) return { outcome: 'alreadyThere', bytes: entry.size };
      return { outcome: 'copied', bytes: await copy(entry, streamed) };
    } catch (error) {
      if (signal?.aborted) throw error;
      // Deleted by the site since it was listed: there is nothing left to copy.
      if ((await from.stat(entry.key).catch(() => null)) === undefined)
        return { outcome: 'vanished', bytes: 0 };
      throw error;
    }
  }

  const queue = [...entries].reverse();
  const worker = async () => {
    for (let entry = queue.pop(); entry && !signal?.aborted; entry = queue.pop()) {
      const streamed: Streamed = { bytes: 0 };
      try {
        const { outcome, bytes } = await handle(entry, streamed);
        if (outcome === 'vanished') report.vanished.push(entry.key);
        else {
          report[outcome].files += 1;
          report[outcome].bytes += bytes;
        }
      } catch (error) {
        if (signal?.aborted) {
          bytesInFlight -= streamed.bytes;
          break;
        }
        report.failures.push({ key: entry.key, reason: reasonOf(error) });
      }
      bytesInFlight -= streamed.bytes;
      done.files += 1;
      done.bytes += entry.size;
      progress();
    }
  };
  progress();
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, entries.length)) }, worker));
  report.interrupted = Boolean(signal?.aborted) && done.files < entries.length;
  report.failures.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}
