import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalFileStore } from '../adapters/storage/local-file-store';
import type { AppContext } from '../context';
import { multipart } from '../testing/http';
import { contentTypesPlugin } from './content-types';
import { errorsPlugin } from './errors';
import { formsPlugin } from './forms';

const ROUTE_LIMIT = 64 * 1024;

let app: FastifyInstance;
let dataDir: string;
const mediaDir = () => path.join(dataDir, 'media');
const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort() : [];

/** The forms plugin with one route that streams its file parts straight into the file store. */
const HOUR_MS = 3_600_000;
/** A temporary upload as a stopped process would have left it, written `ageMs` ago. */
function leftUpload(ageMs: number): string {
  const dir = path.join(dataDir, 'tmp', 'uploads');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${randomBytes(16).toString('hex')}.upload`);
  writeFileSync(file, 'left behind');
  const written = new Date(Date.now() - ageMs);
  utimesSync(file, written, written);
  return file;
}
let staleUpload: string;
let recentUpload: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-streamed-'));
  staleUpload = leftUpload(2 * HOUR_MS);
  recentUpload = leftUpload(60_000);
  const files = createLocalFileStore(mediaDir());
  app = Fastify();
  app.decorate('ctx', { config: { dataDir, maxUploadBytes: 1024 * 1024 } } as AppContext);
  await app.register(fp(async () => {}, { name: 'context' }));
  await app.register(errorsPlugin);
  await app.register(contentTypesPlugin);
  await app.register(formsPlugin);
  app.post(
    '/clips',
    { config: { streamedUploads: true }, schema: { consumes: ['multipart/form-data'] } },
    async (request) => {
      const stored: Record<string, number> = {};
      const fields: Record<string, unknown> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          stored[part.fieldname] = await files.write(`uploads/clips/${part.fieldname}.bin`, part.file, {
            maxBytes: ROUTE_LIMIT,
          });
        } else {
          fields[part.fieldname] = part.value;
        }
      }
      return { stored, fields, spooled: request.uploads.size };
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (parts: Parameters<typeof multipart>[0]) => {
  const form = multipart(parts);
  return app.inject({ method: 'POST', url: '/clips', payload: form.payload, headers: form.headers });
};

describe('a route with streamed uploads', () => {
  it('reads every part itself: the forms plugin neither spools its files nor takes its fields', async () => {
    const res = await post([
      { name: 'title', value: 'Intro' },
      { name: 'clip', value: Buffer.alloc(ROUTE_LIMIT, 1), filename: 'clip.mp4', contentType: 'video/mp4' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: { clip: ROUTE_LIMIT }, fields: { title: 'Intro' }, spooled: 0 });
    expect(filesUnder(path.join(mediaDir(), 'uploads', 'clips'))).toEqual(['clip.bin']);
    expect(filesUnder(path.join(dataDir, 'tmp', 'uploads'))).toEqual([path.basename(recentUpload)]);
  });

  it('is refused with 413 once a file passes its own limit, keeping nothing of it', async () => {
    const res = await post([
      { name: 'big', value: Buffer.alloc(ROUTE_LIMIT + 1, 1), filename: 'big.mp4', contentType: 'video/mp4' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.tooLarge });
    expect(filesUnder(path.join(mediaDir(), 'uploads', 'clips'))).toEqual(['clip.bin']);
  });
});

describe('temporary uploads', () => {
  it('left from before a restart are removed at start once over an hour old', async () => {
    await vi.waitFor(() => expect(existsSync(staleUpload)).toBe(false));
    expect(existsSync(recentUpload)).toBe(true);
  });
});
