import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { ServerMessages } from '@reeltime/contract';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import type { ByteRange, FileStore, OpenedFile, StoredFileInfo } from '../adapters/storage/file-store';
import { parseRangeHeader } from './byte-range';

export interface StoredFileReplyOptions {
  contentType: string;
  cacheControl: string;
  /** Serves a rewritten copy of a small file (read whole); validators and ranges apply to the copy. */
  rewrite?: (body: Buffer) => Buffer;
}

/** Weak, from size and last write: the same file gives the same tag in every process. */
const etagOf = (info: StoredFileInfo) =>
  `W/"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;

/** Comma-separated entity tags, compared weakly (`W/"x"` matches `"x"`). */
function matchesTag(header: string, etag: string): boolean {
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === opaque || `W/${candidate}` === etag;
  });
}

/** If-Match / If-Unmodified-Since that the file no longer meets. */
function preconditionFails(headers: IncomingHttpHeaders, etag: string, modifiedMs: number): boolean {
  if (headers['if-match'] && !matchesTag(headers['if-match'], etag)) return true;
  const unmodifiedSince = Date.parse(headers['if-unmodified-since'] ?? '');
  return !Number.isNaN(unmodifiedSince) && modifiedMs > unmodifiedSince;
}

/** If-None-Match, else If-Modified-Since, says the client's copy is current. */
function notModified(headers: IncomingHttpHeaders, etag: string, modifiedMs: number): boolean {
  if (headers['cache-control']?.includes('no-cache')) return false;
  if (headers['if-none-match'] !== undefined) return matchesTag(headers['if-none-match'], etag);
  const modifiedSince = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(modifiedSince) && modifiedMs <= modifiedSince;
}

/** If-Range: the range applies only to the version the client already has part of. */
function rangeStillApplies(headers: IncomingHttpHeaders, etag: string, modifiedMs: number): boolean {
  const ifRange = headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return ifRange.includes(etag);
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && modifiedMs <= date;
}

const second = (ms: number) => Math.floor(ms / 1000) * 1000;

const CONDITIONAL_HEADERS = [
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
];
/** One range with a first byte (`bytes=100-` or `bytes=100-199`): what players send. */
const SIMPLE_RANGE = /^ *bytes= *(\d+) *- *(\d*) *$/;

/**
 * A plain GET (no validators, no range or one range with a first byte) from a store that reads a
 * file and its size in one request: one round trip to storage instead of a stat then a read.
 * Undefined when the request needs the full treatment below, or the store cannot.
 */
async function openInOneRequest(
  files: FileStore,
  key: string,
  request: FastifyRequest,
  options: StoredFileReplyOptions,
): Promise<OpenedFile | undefined> {
  if (!files.open || options.rewrite || request.method !== 'GET') return undefined;
  const headers = request.headers;
  if (CONDITIONAL_HEADERS.some((name) => headers[name] !== undefined)) return undefined;
  if (headers.range === undefined) return files.open(key);
  const simple = SIMPLE_RANGE.exec(headers.range);
  if (!simple) return undefined;
  const start = Number(simple[1]);
  const end = simple[2] === '' ? undefined : Number(simple[2]);
  if (end !== undefined && end < start) return undefined;
  return files.open(key, { start, end });
}

/**
 * Sends a file of the store as a static server would: ETag and Last-Modified, conditional
 * requests (304, 412), one byte range (206, 416), HEAD without opening the file. A missing file
 * is a 404 envelope; refusals carry the error envelope too.
 */
export async function sendStoredFile(
  files: FileStore,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  options: StoredFileReplyOptions,
): Promise<FastifyReply> {
  const opened = await openInOneRequest(files, key, request, options);
  if (opened) {
    const range = opened.range;
    reply
      .header('cache-control', options.cacheControl)
      .header('etag', etagOf(opened.info))
      .header('last-modified', opened.info.modifiedAt.toUTCString())
      .header('accept-ranges', 'bytes')
      .header('content-type', options.contentType)
      .header('content-length', range ? range.end - range.start + 1 : opened.info.size);
    if (range)
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${opened.info.size}`);
    return reply.send(opened.body);
  }
  const stored = await files.stat(key);
  if (!stored) return reply.status(404).send({ status: false, message: ServerMessages.notFound });
  let info = stored;
  let read = (range?: ByteRange): Promise<Readable | Buffer> => files.read(key, range);
  if (options.rewrite) {
    const body = options.rewrite(await buffer(await files.read(key)));
    info = { ...stored, size: body.length };
    read = async (range) => (range ? body.subarray(range.start, range.end + 1) : body);
  }
  const etag = etagOf(info);
  // HTTP dates have whole seconds.
  const modifiedMs = second(info.modifiedAt.getTime());
  const headers = request.headers;
  reply.header('cache-control', options.cacheControl);

  if (preconditionFails(headers, etag, modifiedMs)) {
    return reply.status(412).send({ status: false, message: ServerMessages.malformed });
  }
  reply.header('etag', etag).header('last-modified', info.modifiedAt.toUTCString());
  if (notModified(headers, etag, modifiedMs)) return reply.status(304).send();

  reply.header('accept-ranges', 'bytes');
  const wanted = rangeStillApplies(headers, etag, modifiedMs)
    ? parseRangeHeader(headers.range, info.size)
    : ({ kind: 'whole' } as const);
  if (wanted.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${info.size}`)
      .send({ status: false, message: ServerMessages.malformed });
  }
  const range = wanted.kind === 'range' ? wanted.range : undefined;
  reply.header('content-type', options.contentType);
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : info.size);
  if (request.method === 'HEAD' || info.size === 0) return reply.send();
  return reply.send(await read(range));
}
