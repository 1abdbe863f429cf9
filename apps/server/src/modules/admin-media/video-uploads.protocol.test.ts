import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminMediaMessages,
  AdminVideoUploadEndpoints,
  API_BASE,
  successesOf,
  type EndpointDefinition,
} from '@reeltime/contract';
import { Upload, type DetailedError, type HttpResponse, type UploadOptions } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedErrors } from '../../lib/endpoints';
import { insertTitle, makeClip } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';

const UPLOADS = `${API_BASE}/admin/uploads`;
const MAX_BYTES = 8 * 1024 * 1024;

let server: TestServer;
let origin: string;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let member: Awaited<ReturnType<typeof signUp>>;
let clip: Buffer;
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-tus-protocol-'));

beforeAll(async () => {
  server = await startTestServer({ MEDIA_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  admin = await signUpAdmin(server.app);
  member = await signUp(server.app);
  const file = path.join(work, 'clip.mp4');
  await makeClip(file, { seconds: 2, width: 640, height: 360, ffmpeg: server.config.mediaTools.ffmpegPath });
  clip = readFileSync(file);
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const uploadsLeft = () => readdirSync(path.join(server.config.dataDir, 'uploads'));
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A request over the socket, as any HTTP client sends it. */
async function send(method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(`${origin}${url}`, { method, headers, ...(body ? { body } : {}) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const tus = (headers: Record<string, string> = {}) => ({
  'Tus-Resumable': '1.0.0',
  ...admin.auth,
  ...headers,
});

/** Creates an upload of `length` bytes for a new title; returns its URL. */
async function created(length: number): Promise<string> {
  const titleId = await insertTitle(server.app.ctx.db);
  const res = await send(
    'POST',
    UPLOADS,
    tus({
      'Upload-Length': String(length),
      'Upload-Metadata': `filename ${b64('a.mp4')},title_id ${b64(String(titleId))}`,
    }),
  );
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

const offsetOf = async (url: string) => (await send('HEAD', url, tus())).headers.get('upload-offset');

/** Whether `definition` (and so the OpenAPI document) names `status` among its answers. */
function expectDocumented(definition: EndpointDefinition, status: number) {
  const statuses = [
    ...successesOf(definition).map((success) => success.status),
    ...Object.keys(documentedErrors(definition, { rateLimited: false })).map(Number),
  ];
  expect(statuses, `${definition.method} ${definition.path}`).toContain(status);
}

/** An upload by tus-js-client in Node, as the console drives it; resolves with its last answer. */
function uploadWithClient(
  bytes: Buffer,
  options: Partial<UploadOptions> & { titleId: number },
): Promise<{ upload: Upload; last: HttpResponse; answers: HttpResponse[] }> {
  const { titleId, ...rest } = options;
  const answers: HttpResponse[] = [];
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(bytes, {
      endpoint: `${origin}${UPLOADS}`,
      chunkSize: 256 * 1024,
      retryDelays: [],
      metadata: { filename: 'clip.mp4', filetype: 'video/mp4', title_id: String(titleId) },
      headers: { Authorization: `Bearer ${admin.token}` },
      onAfterResponse: (_request, response) => {
        answers.push(response);
      },
      onSuccess: ({ lastResponse }) => resolve({ upload, last: lastResponse, answers }),
      onError: reject,
      ...rest,
    });
    upload.start();
  });
}

const statusOf = (error: unknown) => (error as DetailedError).originalResponse?.getStatus();

describe('tus discovery (OPTIONS)', () => {
  it('tells the tus version, the extensions served and the largest upload, to anyone', async () => {
    const askers: Array<Record<string, string>> = [{}, { 'Tus-Resumable': '0.2.2' }, admin.auth];
    for (const headers of askers) {
      const res = await send('OPTIONS', UPLOADS, headers);
      expect(res.status).toBe(204);
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      expect(res.headers.get('tus-version')).toBe('1.0.0');
      expect(res.headers.get('tus-extension')).toBe('creation,expiration,termination');
      expect(res.headers.get('tus-max-size')).toBe(String(MAX_BYTES));
      expect(res.text).toBe('');
      expectDocumented(AdminVideoUploadEndpoints.discover, res.status);
    }
  });

  it('serves the extensions it names, and refuses the deferred length it does not name', async () => {
    const titleId = await insertTitle(server.app.ctx.db);
    const bytes = Buffer.alloc(300_000, 1);
    // creation and expiration: the upload is created and says when it expires.
    const first = new Promise<Upload>((resolve, reject) => {
      const upload: Upload = new Upload(bytes, {
        endpoint: `${origin}${UPLOADS}`,
        chunkSize: 100_000,
        retryDelays: [],
        metadata: { filename: 'a.mp4', title_id: String(titleId) },
        headers: { Authorization: `Bearer ${admin.token}` },
        onAfterResponse: (request, response) => {
          if (request.getMethod() !== 'POST') return;
          expect(response.getStatus()).toBe(201);
          expect(Date.parse(response.getHeader('Upload-Expires') ?? '')).toBeGreaterThan(Date.now());
        },
        onChunkComplete: () => {
          // termination: stop after the first chunk and have the server delete the upload.
          void upload.abort(true).then(() => resolve(upload), reject);
        },
        onError: reject,
      });
      upload.start();
    });
    const upload = await first;
    expect((await send('HEAD', upload.url!.replace(origin, ''), tus())).status).toBe(404);

    const deferred = await uploadWithClient(bytes, { titleId, uploadLengthDeferred: true }).catch(
      (error: unknown) => error,
    );
    expect(statusOf(deferred)).toBe(400);
    expect(uploadsLeft()).toEqual([]);
  });

  it('is not a way around the admin check: a method override does not apply to it', async () => {
    const url = await created(1000);
    const asOverride = await send('OPTIONS', url, { 'X-HTTP-Method-Override': 'DELETE' });
    expect(asOverride.status).toBe(404);
    const onCollection = await send('OPTIONS', UPLOADS, { 'X-HTTP-Method-Override': 'POST' });
    expect(onCollection.status).toBe(204);
    expect(await offsetOf(url)).toBe('0');
    await send('DELETE', url, tus());
  });
});

describe('tus versions', () => {
  it('refuses a client of another version with 412 and the versions it speaks, creating nothing', async () => {
    const titleId = await insertTitle(server.app.ctx.db);
    const refused = await uploadWithClient(Buffer.alloc(1000, 1), {
      titleId,
      headers: { Authorization: `Bearer ${admin.token}`, 'Tus-Resumable': '0.2.2' },
    }).catch((error: unknown) => error as DetailedError);
    const answer = (refused as DetailedError).originalResponse!;
    expect(answer.getStatus()).toBe(412);
    expect(answer.getHeader('Tus-Version')).toBe('1.0.0');
    expect(answer.getHeader('Tus-Resumable')).toBe('1.0.0');
    expect(JSON.parse(answer.getBody())).toEqual({ status: false, message: AdminMediaMessages.tusVersion });
    expect(uploadsLeft()).toEqual([]);
  });

  it('processes no request of another version or without one', async () => {
    const url = await created(1000);
    const chunk = { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
    const cases: Array<[string, Record<string, string>, Buffer | undefined, EndpointDefinition]> = [
      [
        'PATCH',
        tus({ ...chunk, 'Tus-Resumable': '0.2.2' }),
        Buffer.alloc(10),
        AdminVideoUploadEndpoints.append,
      ],
      ['PATCH', { ...admin.auth, ...chunk }, Buffer.alloc(10), AdminVideoUploadEndpoints.append],
      ['DELETE', tus({ 'Tus-Resumable': '0.2.2' }), undefined, AdminVideoUploadEndpoints.abandon],
      ['HEAD', tus({ 'Tus-Resumable': '2.0.0' }), undefined, AdminVideoUploadEndpoints.offset],
    ];
    for (const [method, headers, body, definition] of cases) {
      const res = await send(method, url, headers, body);
      expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(412);
      expect(res.headers.get('tus-version')).toBe('1.0.0');
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      if (method !== 'HEAD') expect(JSON.parse(res.text).message).toBe(AdminMediaMessages.tusVersion);
      expectDocumented(definition, res.status);
    }
    // Neither written nor deleted.
    expect(await offsetOf(url)).toBe('0');
    await send('DELETE', url, tus());
  });
});

describe('tus answers', () => {
  it('carry Tus-Resumable, refusals included, and each has a status its definition documents', async () => {
    const url = await created(1000);
    const chunk = { 'Content-Type': 'application/offset+octet-stream' };
    const { append, offset, abandon, create } = AdminVideoUploadEndpoints;
    const cases: Array<
      [string, string, Record<string, string>, Buffer | undefined, number, EndpointDefinition]
    > = [
      ['PATCH', url, tus({ ...chunk, 'Upload-Offset': '0' }), Buffer.alloc(100), 204, append],
      ['HEAD', url, tus(), undefined, 200, offset],
      ['PATCH', url, tus({ ...chunk, 'Upload-Offset': '5' }), Buffer.alloc(10), 409, append],
      ['PATCH', url, tus({ ...chunk }), Buffer.alloc(10), 400, append],
      ['PATCH', url, tus({ 'Upload-Offset': '100' }), undefined, 415, append],
      [
        'PATCH',
        url,
        tus({ 'Upload-Offset': '100', 'Content-Type': 'text/plain' }),
        Buffer.alloc(4),
        415,
        append,
      ],
      [
        'PATCH',
        url,
        { ...chunk, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '100' },
        Buffer.alloc(4),
        401,
        append,
      ],
      ['PATCH', url, { ...chunk, ...member.auth, 'Tus-Resumable': '1.0.0' }, Buffer.alloc(4), 403, append],
      ['HEAD', `${UPLOADS}/not-an-id`, tus(), undefined, 422, offset],
      ['HEAD', `${UPLOADS}/${'0'.repeat(32)}`, tus(), undefined, 404, offset],
      ['POST', UPLOADS, tus({ 'Upload-Length': String(MAX_BYTES + 1) }), undefined, 413, create],
      ['DELETE', url, tus(), undefined, 204, abandon],
    ];
    for (const [method, target, headers, body, status, definition] of cases) {
      const res = await send(method, target, headers, body);
      const label = `${method} ${target} ${JSON.stringify(headers)}`;
      expect(res.status, label).toBe(status);
      expect(res.headers.get('tus-resumable'), label).toBe('1.0.0');
      expectDocumented(definition, status);
    }
  });

  it('refuses a PATCH without Upload-Offset with 400, and one without Content-Type with 415', async () => {
    const url = await created(1000);
    const noOffset = await send('PATCH', url, tus({ 'Content-Type': 'application/offset+octet-stream' }));
    expect(noOffset.status).toBe(400);
    expect(JSON.parse(noOffset.text)).toEqual({ status: false, message: AdminMediaMessages.offsetMissing });
    const noType = await send('PATCH', url, tus({ 'Upload-Offset': '0' }));
    expect(noType.status).toBe(415);
    expect(JSON.parse(noType.text)).toEqual({ status: false, message: AdminMediaMessages.chunkTypeMissing });
    expect(await offsetOf(url)).toBe('0');
    await send('DELETE', url, tus());
  });

  it('refuses bytes past the declared length with 413 saying so, whether or not their length is sent', async () => {
    const url = await created(100);
    const withLength = await send(
      'PATCH',
      url,
      tus({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
      Buffer.alloc(200, 1),
    );
    expect(withLength.status).toBe(413);
    expect(JSON.parse(withLength.text)).toEqual({
      status: false,
      message: AdminMediaMessages.pastDeclaredLength,
    });
    expect(await offsetOf(url)).toBe('0');

    // Chunked: nothing says the length before the bytes pass it.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${origin}${url}`, {
        method: 'PATCH',
        headers: tus({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => (body += piece));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.write(Buffer.alloc(60, 1));
      req.end(Buffer.alloc(60, 1));
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).message).toBe(AdminMediaMessages.pastDeclaredLength);
    expectDocumented(AdminVideoUploadEndpoints.append, 413);
    await send('DELETE', url, tus());
  });
});

describe('the console’s way (tus-js-client with PATCH)', () => {
  it('uploads in chunks, resumes from the offset HEAD gives after a pause, and gets the new video', async () => {
    const titleId = await insertTitle(server.app.ctx.db);
    const answers: Array<[string, HttpResponse]> = [];
    const done = await new Promise<HttpResponse>((resolve, reject) => {
      let paused = false;
      const upload: Upload = new Upload(clip, {
        endpoint: `${origin}${UPLOADS}`,
        chunkSize: 128 * 1024,
        retryDelays: [],
        removeFingerprintOnSuccess: true,
        metadata: {
          filename: 'clip.mp4',
          filetype: 'video/mp4',
          target_label: 'A film',
          title_id: String(titleId),
        },
        headers: { Authorization: `Bearer ${admin.token}` },
        onAfterResponse: (request, response) => {
          answers.push([request.getMethod(), response]);
        },
        onChunkComplete: () => {
          if (paused) return;
          paused = true;
          void upload.abort().then(() => upload.start());
        },
        onSuccess: ({ lastResponse }) => resolve(lastResponse),
        onError: reject,
      });
      upload.start();
    });
    expect(done.getStatus()).toBe(200);
    expect(JSON.parse(done.getBody()).data).toMatchObject({ video_id: expect.any(Number) });
    expect(answers.map(([method]) => method)).toContain('HEAD');
    for (const [, answer] of answers) expect(answer.getHeader('Tus-Resumable')).toBe('1.0.0');
    expect(uploadsLeft()).toEqual([]);
  });
});

describe('X-HTTP-Method-Override', () => {
  it('lets tus-js-client upload with POSTs standing for its PATCHes', async () => {
    const titleId = await insertTitle(server.app.ctx.db);
    const { last, answers } = await uploadWithClient(clip, { titleId, overridePatchMethod: true });
    expect(last.getStatus()).toBe(200);
    const result = JSON.parse(last.getBody()) as { message: string; data: { video_id: number } };
    expect(result.message).toBe(AdminMediaMessages.uploaded);
    expect(answers.length).toBeGreaterThan(2);
    for (const answer of answers) expect(answer.getHeader('Tus-Resumable')).toBe('1.0.0');
    const video = await server.app.inject({
      url: `${API_BASE}/admin/videos/${result.data.video_id}`,
      headers: admin.auth,
    });
    expect(video.json().data).toMatchObject({ source: { size_bytes: clip.length } });
    expect(uploadsLeft()).toEqual([]);
  });

  it('acts as HEAD and DELETE too, for admins only, and refuses a method tus has not', async () => {
    const url = await created(1000);
    const as = (method: string, headers: Record<string, string> = tus()) =>
      send('POST', url, { ...headers, 'X-HTTP-Method-Override': method });

    const head = await as('HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect(head.headers.get('upload-length')).toBe('1000');
    expect(head.text).toBe('');

    for (const [headers, status] of [
      [{ 'Tus-Resumable': '1.0.0' }, 401],
      [{ 'Tus-Resumable': '1.0.0', ...member.auth }, 403],
    ] as const) {
      expect((await as('DELETE', headers)).status).toBe(status);
      expectDocumented(AdminVideoUploadEndpoints.override, status);
    }
    for (const method of ['PUT', 'GET', 'TRACE', 'OPTIONS']) {
      const res = await as(method);
      expect(res.status, method).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ status: false, message: AdminMediaMessages.methodOverride });
    }
    expect(await offsetOf(url)).toBe('0');

    const removed = await as('delete');
    expect(removed.status).toBe(204);
    expectDocumented(AdminVideoUploadEndpoints.override, 204);
    expect((await send('HEAD', url, tus())).status).toBe(404);
    expect(uploadsLeft()).toEqual([]);
  });
});
