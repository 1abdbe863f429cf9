import type { Readable } from 'node:stream';
import { ServerMessages } from '@reeltime/contract';
import { PayloadTooLarge, ServiceUnavailable } from '../../lib/errors';

/**
 * Where media files live: avatars, artwork, HLS trees. Keys are relative paths with `/` between
 * plain segments (`uploads/avatars/x.webp`, `private/videos/7/master.m3u8`); the public URL of a
 * key is `/media/<key>`, except under `private/`, which is only served through signed URLs.
 */
export interface FileStore {
  /** Streams `body` into `key`, replacing it once complete (readers never see half a file). Returns its size. */
  write(key: string, body: Readable, options?: { maxBytes?: number }): Promise<number>;
  /** The file's bytes, or those of `range` only; the stream fails if the file is missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and last write of a file; undefined when there is no file at `key`. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** Deletes a file; a file already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every file under the folder `prefix` (`uploads/avatars`), at any depth; `''` lists the whole store. */
  list(prefix: string): Promise<StoredEntry[]>;
  /** Moves a local file in as `key` (a rename when both are on the same disk). */
  putFile(localPath: string, key: string): Promise<void>;
  /**
   * Moves a local folder in as the folder `prefix`, replacing whatever was there (a rename when
   * both are on the same disk). The local folder is gone afterwards.
   */
  importDirectory(localDir: string, prefix: string): Promise<void>;
  /**
   * A URL that reads `key` straight from storage, without going through this process, for the
   * next `seconds` (stores that can hand out such URLs only: the S3 store presigns a GET).
   * `response` sets the headers storage answers with.
   */
  presignedReadUrl?(key: string, seconds: number, response: PresignedResponse): Promise<string>;
  /** Fails with StoreUnavailable unless storage answers within `timeoutMs` (stores with a remote service only). */
  checkReachable?(timeoutMs: number): Promise<void>;
  /**
   * The file's size, last write and bytes (those of `range` only, when given) in one request, for
   * stores where a `stat` before each `read` costs a round trip (S3). `range.end` undefined: to
   * the end. Undefined when the file is missing or the range starts past its end: the caller
   * then answers as it would after a `stat`.
   */
  open?(key: string, range?: OpenRange): Promise<OpenedFile | undefined>;
}

export interface OpenRange {
  start: number;
  end?: number;
}

export interface OpenedFile {
  info: StoredFileInfo;
  /** The bytes served, inclusive; undefined for the whole file. */
  range: ByteRange | undefined;
  body: Readable;
}

/** Headers the storage service sends with a presigned read. */
export interface PresignedResponse {
  contentType: string;
  cacheControl: string;
}

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

export interface StoredEntry extends StoredFileInfo {
  key: string;
}

/** Inclusive byte positions, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A write went past its `maxBytes`; nothing of it is kept. */
export class FileTooLarge extends PayloadTooLarge {
  constructor() {
    super(ServerMessages.tooLarge);
  }
}

/** The storage service cannot be reached or is failing; callers answer 503 and try again later. */
export class StoreUnavailable extends ServiceUnavailable {
  constructor(cause: unknown) {
    super(ServerMessages.unavailable);
    this.cause = cause;
  }
}

/** A key that could name something outside the store; always a bug or an attack, never stored. */
export class UnsafeKey extends Error {
  constructor(key: string) {
    super(`unsafe file key ${JSON.stringify(key)}`);
  }
}

// Segments never start with a dot: no `..`, no hidden files, and the store's own partial files
// (dot-named) can never be addressed.
const SEGMENT = /^[^./\\\0][^/\\\0]*$/;
const MAX_KEY_LENGTH = 1024;

/** Whether `key` stays inside the store: relative, plain segments, no `..`, backslashes or NUL. */
export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((part) => SEGMENT.test(part));
}

/** The segments of a safe key; throws UnsafeKey for any other. */
export function keySegments(key: string): string[] {
  if (!isSafeKey(key)) throw new UnsafeKey(key);
  return key.split('/');
}
