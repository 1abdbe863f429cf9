import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../adapters/storage/file-store';
import { sendStoredFile } from './stored-file-reply';

/** A store that is not a disk, as an object-storage one would be: only stat and read are needed to serve. */
function memoryStore(entries: Record<string, { bytes: Buffer; modifiedAt: Date }>) {
  const reads: string[] = [];
  const unused = () => Promise.reject(new Error('not used to serve'));
  const store: FileStore = {
    async stat(key) {
      const entry = entries[key];
      return entry ? { size: entry.bytes.length, modifiedAt: entry.modifiedAt } : undefined;
    },
    async read(key, range) {
      reads.push(key);
      const bytes = entries[key]!.bytes;
      return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    },
    write: unused,
    delete: unused,
    list: unused,
    putFile: unused,
    importDirectory: unused,
  };
  return { store, reads };
}

const bytes = Buffer.from('abcdefghijklmnopqrstuvwxyz');
const modifiedAt = new Date('2026-11-01T10:00:00Z');
const memory = memoryStore({ 'clips/a.ts': { bytes, modifiedAt } });
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    handler: (request, reply) =>
      sendStoredFile(memory.store, request.params['*'], request, reply, {
        contentType: 'video/mp2t',
        cacheControl: 'public, max-age=60',
      }),
  });
  await app.ready();
});
afterAll(() => app.close());

const get = (headers: Record<string, string> = {}, url = '/files/clips/a.ts') =>
  app.inject({ method: 'GET', url, headers });

describe('sendStoredFile', () => {
  it('sends the whole file with its validators, type and caching', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp2t',
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=60',
      'accept-ranges': 'bytes',
      'last-modified': modifiedAt.toUTCString(),
    });
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });

  it('sends one range with 206; several ranges or a non-bytes unit get the whole file', async () => {
    const tail = await get({ range: 'bytes=-3' });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('xyz');
    expect(tail.headers['content-range']).toBe(`bytes 23-25/${bytes.length}`);
    const open = await get({ range: 'bytes=20-' });
    expect(open.body).toBe('uvwxyz');
    const clipped = await get({ range: 'bytes=24-1000' });
    expect(clipped.body).toBe('yz');
    expect((await get({ range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
    expect((await get({ range: 'items=0-1' })).statusCode).toBe(200);
    const none = await get({ range: 'bytes=30-40' });
    expect(none.statusCode).toBe(416);
    expect(none.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('honours If-Range: a range of another version gets the whole file', async () => {
    const etag = String((await get()).headers.etag);
    expect((await get({ range: 'bytes=0-1', 'if-range': etag })).statusCode).toBe(206);
    expect((await get({ range: 'bytes=0-1', 'if-range': 'W/"other"' })).statusCode).toBe(200);
    const older = new Date(modifiedAt.getTime() - 60_000).toUTCString();
    expect((await get({ range: 'bytes=0-1', 'if-range': older })).statusCode).toBe(200);
  });

  it('answers conditional requests with 304 and 412', async () => {
    const etag = String((await get()).headers.etag);
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': `"x", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '"x"' })).statusCode).toBe(200);
    expect((await get({ 'if-modified-since': modifiedAt.toUTCString() })).statusCode).toBe(304);
    expect((await get({ 'if-match': '"x"' })).statusCode).toBe(412);
    expect((await get({ 'if-match': etag })).statusCode).toBe(200);
    const before = new Date(modifiedAt.getTime() - 60_000).toUTCString();
    expect((await get({ 'if-unmodified-since': before })).statusCode).toBe(412);
  });

  it('answers HEAD without reading the file, and a missing file with a 404 envelope', async () => {
    const readsBefore = memory.reads.length;
    const head = await app.inject({ method: 'HEAD', url: '/files/clips/a.ts' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.body).toBe('');
    expect(memory.reads.length).toBe(readsBefore);
    const missing = await get({}, '/files/clips/b.ts');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe(false);
  });
});
