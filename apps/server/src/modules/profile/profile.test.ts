import { Messages, ServerMessages } from '@reeltime/contract';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUp } from '../../testing/http';

let server: TestServer;
let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  member = await signUp(server.app, { first_name: 'Pat', last_name: 'Profile' });
});
afterAll(() => server.close());

const pngBytes = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

function update(parts: Parameters<typeof multipart>[0], headers = member.auth) {
  const form = multipart(parts);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/user/update-profile',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

describe('POST /user/update-profile', () => {
  it('updates the profile and stores a re-encoded avatar under a random name', async () => {
    const res = await update([
      { name: 'first_name', value: 'Patricia' },
      { name: 'last_name', value: 'Profile' },
      { name: 'email', value: member.email },
      { name: 'mobile', value: '+91 98765 43210' },
      { name: 'gender', value: 'female' },
      { name: 'date_of_birth', value: '1990-02-28' },
      { name: 'file_url', value: await pngBytes(), filename: 'me.png', contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(ServerMessages.profileUpdated);
    expect(body.data).toMatchObject({
      first_name: 'Patricia',
      mobile: '+91 98765 43210',
      gender: 'female',
      date_of_birth: '1990-02-28',
    });
    expect(body.data.profile_image).toMatch(/^\/media\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    const file = path.join(server.config.dataDir, body.data.profile_image.replace(/^\//, ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(300);

    const served = await server.app.inject({ method: 'GET', url: body.data.profile_image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('keeps the avatar and clears optional fields when they are sent empty (JSON)', async () => {
    const before = (
      await server.app.ctx.db
        .selectFrom('users')
        .select('profile_image')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow()
    ).profile_image;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/update-profile',
      headers: member.auth,
      payload: {
        first_name: 'Pat',
        last_name: 'Profile',
        email: member.email,
        mobile: '',
        gender: '',
        date_of_birth: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      mobile: null,
      gender: null,
      date_of_birth: null,
      profile_image: before,
    });
  });

  it('refuses a file that is not an image, whatever its name, and changes nothing', async () => {
    const res = await update([
      { name: 'first_name', value: 'Changed' },
      { name: 'last_name', value: 'Name' },
      { name: 'email', value: member.email },
      {
        name: 'file_url',
        value: Buffer.from('%PDF-1.4 not an image at all'),
        filename: 'evil.png',
        contentType: 'image/png',
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.unsupportedMedia });
    const row = await server.app.ctx.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Pat');
  });

  it('refuses an image over the size limit with 413, keeping nothing', async () => {
    const before = await profileRow();
    const filesBefore = storedAvatars();
    const big = Buffer.alloc(server.config.maxUploadBytes + 1024, 1);
    const res = await update([
      { name: 'first_name', value: 'Too' },
      { name: 'last_name', value: 'Large' },
      { name: 'email', value: member.email },
      { name: 'file_url', value: big, filename: 'big.png', contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      status: false,
      message: ServerMessages.fileTooLarge('picture', server.config.maxUploadMb),
    });
    expect(await profileRow()).toEqual(before);
    expect(storedAvatars()).toEqual(filesBefore);
    await vi.waitFor(() => expect(uploadsInProgress()).toEqual([]));
  });

  it('answers an oversized upload with 413 while the client is still sending it', async () => {
    const total = 64 * 1024 * 1024;
    const sent = await postFileWhileSending(total);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({
      status: false,
      message: ServerMessages.fileTooLarge('picture', server.config.maxUploadMb),
    });
    // The refusal came once about the limit had arrived, not after the whole body.
    expect(sent.bytesSentBeforeAnswer).toBeLessThan(total / 2);
    // The rest of the body is not read, so the connection is not kept for another request.
    expect(sent.connection).toBe('close');
    await vi.waitFor(() => expect(uploadsInProgress()).toEqual([]));
  });

  it('deletes the uploaded file once the response is sent, whether the avatar was taken or refused', async () => {
    const taken = await updateWithAvatar(await canvas().png().toBuffer(), 'ok.png');
    expect(taken.statusCode).toBe(200);
    const refused = await updateWithAvatar(SVG, 'avatar.png');
    expect(refused.statusCode).toBe(415);
    await vi.waitFor(() => expect(uploadsInProgress()).toEqual([]));
  });

  it('does not let the email change', async () => {
    const res = await update([
      { name: 'first_name', value: 'Pat' },
      { name: 'last_name', value: 'Profile' },
      { name: 'email', value: 'someone-else@example.com' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([ServerMessages.profileEmailMismatch]);
  });

  it('validates with the spec messages', async () => {
    const res = await update([
      { name: 'first_name', value: '' },
      { name: 'last_name', value: '' },
      { name: 'email', value: 'nope' },
      { name: 'gender', value: 'robot' },
      { name: 'date_of_birth', value: '1990-02-30' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: [Messages.profileFirstNameRequired],
      last_name: [Messages.profileLastNameRequired],
      email: [Messages.profileEmailInvalid],
      gender: [Messages.genderInvalid],
      date_of_birth: [Messages.dateInvalid],
    });
  });

  it('refuses a date of birth in the future, and takes today', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await update([
      { name: 'first_name', value: 'Asha' },
      { name: 'last_name', value: 'Rao' },
      { name: 'email', value: member.email },
      { name: 'date_of_birth', value: tomorrow },
    ]);
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ date_of_birth: [Messages.dateOfBirthInFuture] });

    const today = await update([
      { name: 'first_name', value: 'Asha' },
      { name: 'last_name', value: 'Rao' },
      { name: 'email', value: member.email },
      { name: 'date_of_birth', value: new Date().toISOString().slice(0, 10) },
    ]);
    expect(today.statusCode).toBe(200);
  });

  it('is 401 without a token', async () => {
    const res = await update([{ name: 'first_name', value: 'X' }], {} as typeof member.auth);
    expect(res.statusCode).toBe(401);
  });
});

/** Temporary files of uploads being received. */
const uploadsInProgress = () => {
  const dir = path.join(server.config.dataDir, 'tmp', 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/**
 * Posts a profile form whose avatar is `fileBytes` long over a real socket, one chunk at a time as
 * the server takes them, and stops sending once an answer arrives.
 */
async function postFileWhileSending(fileBytes: number) {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const boundary = `----reeltime${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('first_name', 'Pat') +
      field('last_name', 'Profile') +
      field('email', member.email) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file_url"; filename="huge.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 7);
  return new Promise<{
    status: number;
    connection: string | undefined;
    body: string;
    bytesSentBeforeAnswer: number;
  }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/user/update-profile',
      headers: {
        ...member.auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + fileBytes + tail.length,
      },
    });
    request.on('response', (response) => {
      answered = true;
      const bytesSentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      response.on('data', (data: Buffer) => chunks.push(data));
      response.on('end', () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body: Buffer.concat(chunks).toString('utf8'),
          bytesSentBeforeAnswer,
        });
      });
    });
    // Once answered, the server may close the connection under the rest of the body.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = (data: Buffer) =>
      new Promise<void>((done) => {
        sent += data.length;
        if (request.write(data)) done();
        else request.once('drain', done);
      });
    void (async () => {
      await write(head);
      for (let offset = 0; offset < fileBytes && !answered && !request.destroyed; offset += chunk.length) {
        await write(chunk.subarray(0, Math.min(chunk.length, fileBytes - offset)));
      }
      if (!answered && !request.destroyed) request.end(tail);
    })();
  });
}

const avatarsDir = () => path.join(server.config.dataDir, 'media', 'uploads', 'avatars');
const storedAvatars = () => (existsSync(avatarsDir()) ? readdirSync(avatarsDir()).sort() : []);
const fileOf = (url: string) => path.join(server.config.dataDir, url.replace(/^\//, ''));
const profileRow = () =>
  server.app.ctx.db
    .selectFrom('users')
    .select(['first_name', 'profile_image'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();

function updateWithAvatar(bytes: Buffer, filename: string, firstName = 'Pat') {
  return update([
    { name: 'first_name', value: firstName },
    { name: 'last_name', value: 'Profile' },
    { name: 'email', value: member.email },
    { name: 'file_url', value: bytes, filename, contentType: 'image/png' },
  ]);
}

const canvas = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } });

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#0a78c8"/></svg>',
);

describe('avatar formats, judged by their bytes', () => {
  it.each([
    ['SVG', async () => SVG],
    ['TIFF', () => canvas().tiff().toBuffer()],
    ['AVIF', () => canvas().avif().toBuffer()],
  ])('refuses a real %s renamed avatar.png with 415, storing nothing', async (_format, bytes) => {
    const input = await bytes();
    expect((await sharp(input).metadata()).format).not.toMatch(/^(jpeg|png|webp|gif)$/);
    const before = await profileRow();
    const filesBefore = storedAvatars();

    const res = await updateWithAvatar(input, 'avatar.png', 'Refused');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.unsupportedMedia });
    expect(await profileRow()).toEqual(before);
    expect(storedAvatars()).toEqual(filesBefore);
  });

  it.each([
    ['JPEG', () => canvas().jpeg().toBuffer()],
    ['PNG', () => canvas().png().toBuffer()],
    ['WebP', () => canvas().webp().toBuffer()],
    ['GIF', () => canvas().gif().toBuffer()],
  ])('accepts a %s and stores it as WebP', async (_format, bytes) => {
    const res = await updateWithAvatar(await bytes(), 'avatar.png');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.profile_image;
    expect(url).toMatch(/^\/media\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect((await profileRow()).profile_image).toBe(url);
    expect((await sharp(fileOf(url)).metadata()).format).toBe('webp');
  });
});

describe('replacing an avatar', () => {
  it('deletes the old file once the row points to the new one', async () => {
    const first = (await updateWithAvatar(await canvas().png().toBuffer(), 'one.png')).json().data
      .profile_image as string;
    expect(existsSync(fileOf(first))).toBe(true);

    const res = await updateWithAvatar(await canvas().jpeg().toBuffer(), 'two.jpg');
    expect(res.statusCode).toBe(200);
    const second: string = res.json().data.profile_image;
    expect(second).not.toBe(first);
    expect((await profileRow()).profile_image).toBe(second);
    expect(existsSync(fileOf(second))).toBe(true);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(storedAvatars()).toEqual([path.basename(second)]);
  });

  it('keeps the current avatar when an update without a file or with a refused file comes in', async () => {
    const current = (await updateWithAvatar(await canvas().png().toBuffer(), 'keep.png')).json().data
      .profile_image as string;
    await updateWithAvatar(SVG, 'avatar.png');
    const res = await update([
      { name: 'first_name', value: 'Pat' },
      { name: 'last_name', value: 'Profile' },
      { name: 'email', value: member.email },
    ]);
    expect(res.json().data.profile_image).toBe(current);
    expect(existsSync(fileOf(current))).toBe(true);
    expect(storedAvatars()).toEqual([path.basename(current)]);
  });
});
