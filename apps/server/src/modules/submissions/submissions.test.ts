import { Messages, ServerMessages } from '@reeltime/contract';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, type Part } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';

const URL = '/api/v1/user/movie-detail-request';
const MINE = '/api/v1/user/my-submissions';
const MB = 1024 * 1024;

/** A small solid PNG. */
const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

/** An uncompressed PNG of noise of at least `bytes` bytes: a real image that is simply large. */
function largePng(bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

let image: Buffer;
const file = (name: string, value: Buffer = image, filename = 'picture.png'): Part => ({
  name,
  value,
  filename,
  contentType: 'image/png',
});

const FIELDS = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'Director',
  title: 'Monsoon Letters',
  description: 'A short film.',
  type: 'movie',
  platform: 'youtube',
  link: 'https://www.youtube.com/watch?v=abc123',
};

const castMember = (index: number, fields: Record<string, string> = {}, withImage = true): Part[] => [
  ...Object.entries({ name: `Person ${index}`, jobTitle: 'Actor', email: '', ...fields }).map(
    ([key, value]) => ({ name: `cast[${index}][${key}]`, value }),
  ),
  ...(withImage ? [file(`cast[${index}][image]`)] : []),
];

/** A complete submission form, with fields replaced or left out (undefined) and the parts given. */
function form(
  options: { fields?: Record<string, string | undefined>; cast?: Part[]; thumbnail?: Part | null } = {},
) {
  const fields = { ...FIELDS, ...options.fields };
  const parts: Part[] = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
  if (options.thumbnail !== null) parts.push(options.thumbnail ?? file('thumnail'));
  parts.push(...(options.cast ?? castMember(0)));
  return multipart(parts);
}

let server: TestServer;
let members = 0;

beforeAll(async () => {
  server = await startTestServer();
  image = await png();
});
afterAll(() => server.close());

/** A new member for each test, so the per-member rate limit only shows where it is tested. */
async function newMember() {
  members += 1;
  const email = `submitter-${members}@example.com`;
  const { id, authorization } = await catalogFixtures(server.app).member(email);
  return { id, email, auth: { authorization } };
}

type Auth = { authorization?: string };
const submit = async (body: { payload: Buffer; headers: Record<string, string> }, auth?: Auth) =>
  server.app.inject({
    method: 'POST',
    url: URL,
    payload: body.payload,
    headers: { ...body.headers, ...(auth ?? (await newMember()).auth) },
  });

/** Files stored for submissions, by folder. */
function storedFiles(): string[] {
  const root = path.join(server.config.dataDir, 'media', 'uploads');
  return ['submissions', 'submission-cast'].flatMap((folder) => {
    try {
      return readdirSync(path.join(root, folder)).map((name) => `${folder}/${name}`);
    } catch {
      return [];
    }
  });
}

async function counts() {
  const count = async (table: 'submissions' | 'submission_cast' | 'outbox') =>
    Number(
      (
        await server.app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    submissions: await count('submissions'),
    cast: await count('submission_cast'),
    outbox: await count('outbox'),
    files: storedFiles().length,
  };
}

/** Runs `attempt` and checks it left no row, no mail and no stored file behind. */
async function leavesNothing<T>(attempt: () => Promise<T>): Promise<T> {
  const before = await counts();
  const result = await attempt();
  expect(await counts()).toEqual(before);
  return result;
}

describe('POST /user/movie-detail-request', () => {
  it('stores a complete submission, answers 201 pending, and queues a confirmation mail', async () => {
    const member = await newMember();
    const res = await submit(
      form({
        fields: { title: 'Love <b>& Rain</b>' },
        cast: [...castMember(0, { email: 'lead@example.com' }), ...castMember(1)],
      }),
      member.auth,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      status: true,
      message: ServerMessages.submissionReceived,
      data: { id: expect.any(Number), status: 'pending' },
    });

    const db = server.app.ctx.db;
    const row = await db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: member.id,
      name: 'Asha Rao',
      role: 'Director',
      title: 'Love <b>& Rain</b>',
      platform: 'youtube',
      status: 'pending',
    });
    expect(row.thumbnail_image).toMatch(/^\/media\/uploads\/submissions\/[0-9a-f]{32}\.webp$/);
    const cast = await db
      .selectFrom('submission_cast')
      .selectAll()
      .where('submission_id', '=', row.id)
      .orderBy('position')
      .execute();
    expect(cast.map((person) => [person.name, person.job_title, person.email])).toEqual([
      ['Person 0', 'Actor', 'lead@example.com'],
      ['Person 1', 'Actor', null],
    ]);
    for (const person of cast)
      expect(person.image).toMatch(/^\/media\/uploads\/submission-cast\/[0-9a-f]{32}\.webp$/);

    // Re-encoded under the new names, and served.
    const thumbnail = await server.app.inject({ method: 'GET', url: row.thumbnail_image });
    expect(thumbnail.statusCode).toBe(200);
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');

    const mail = await db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('Love <b>& Rain</b>');
    expect(mail.text_body).toContain('Hello Asha Rao,');
    expect(mail.text_body).toContain(server.config.appName);
    expect(mail.html_body).toContain('Love &#60;b&#62;&#38; Rain&#60;/b&#62;');
    expect(mail.html_body).not.toContain('<b>');
    expect(mail.html_body).toContain(server.config.publicUrl);
  });

  it.each([
    ['name', { name: '' }, Messages.yourNameRequired],
    ['name', { name: undefined }, Messages.yourNameRequired],
    ['email', { email: 'not-an-email' }, Messages.emailInvalid],
    ['email', { email: '' }, Messages.emailRequired],
    ['role', { role: undefined }, Messages.roleRequired],
    ['role', { role: 'Stunt double' }, Messages.roleRequired],
    ['title', { title: '  ' }, Messages.titleRequired],
    ['title', { title: 'x'.repeat(400) }, Messages.titleTooLong],
    ['name', { name: 'x'.repeat(101) }, Messages.yourNameTooLong],
    ['description', { description: 'x'.repeat(5001) }, Messages.descriptionTooLong],
    ['type', { type: 'x'.repeat(51) }, Messages.typeTooLong],
    ['link', { link: 'not a url' }, Messages.urlInvalid],
    ['link', { link: 'javascript:alert(1)' }, Messages.urlInvalid],
    ['link', { link: undefined }, Messages.urlInvalid],
  ])('refuses a bad %s with the spec message (%j)', async (field, fields, message) => {
    const res = await leavesNothing(() => submit(form({ fields })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it.each([
    ['cast.0.name', { name: '' }, Messages.castNameRequired],
    ['cast.0.jobTitle', { jobTitle: '' }, Messages.jobTitleRequired],
    ['cast.0.name', { name: 'x'.repeat(101) }, Messages.castNameTooLong],
    ['cast.0.jobTitle', { jobTitle: 'x'.repeat(101) }, Messages.jobTitleTooLong],
    ['cast.0.email', { email: 'nope' }, Messages.castEmailInvalid],
  ])('refuses a cast member with a bad %s', async (field, fields, message) => {
    const res = await leavesNothing(() => submit(form({ cast: castMember(0, fields) })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('requires at least one cast member', async () => {
    const res = await leavesNothing(() => submit(form({ cast: [] })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cast).toEqual([Messages.castRequired]);
  });

  it('requires the thumbnail and an image for every cast member, naming each', async () => {
    const res = await leavesNothing(async () =>
      submit(form({ thumbnail: null, cast: [...castMember(0), ...castMember(1, {}, false)] })),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: false,
      message: Messages.thumbnailRequired,
      errors: { thumnail: [Messages.thumbnailRequired], 'cast.1.image': [Messages.profileImageRequired] },
    });
  });

  it('names missing files beside bad fields, so every problem shows at once', async () => {
    const res = await leavesNothing(() =>
      submit(form({ fields: { name: '' }, thumbnail: null, cast: castMember(0, { jobTitle: '' }, false) })),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: false,
      message: Messages.yourNameRequired,
      errors: {
        name: [Messages.yourNameRequired],
        'cast.0.jobTitle': [Messages.jobTitleRequired],
        thumnail: [Messages.thumbnailRequired],
        'cast.0.image': [Messages.profileImageRequired],
      },
    });
  });

  it('treats an empty file input as missing', async () => {
    const res = await leavesNothing(() => submit(form({ thumbnail: file('thumnail', Buffer.alloc(0)) })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ thumnail: [Messages.thumbnailRequired] });
  });

  it('refuses a cast image sent for no cast member', async () => {
    const res = await leavesNothing(() => submit(form({ cast: [...castMember(0), file('cast[3][image]')] })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['cast.3']).toEqual([ServerMessages.castImageWithoutMember]);
  });

  describe('with the cast as one form field holding a JSON list', () => {
    const castList = (list: unknown): Part => ({ name: 'cast', value: JSON.stringify(list) });

    it('stores the cast members with their cast[i][image] files', async () => {
      const member = await newMember();
      const cast = [
        { name: 'Asha', jobTitle: 'Actor', email: 'asha@x.yz' },
        { name: 'Ravi', jobTitle: 'Director' },
      ];
      const res = await submit(
        form({ cast: [castList(cast), file('cast[0][image]'), file('cast[1][image]')] }),
        member.auth,
      );
      expect(res.statusCode).toBe(201);
      const stored = await server.app.ctx.db
        .selectFrom('submission_cast')
        .select(['name', 'job_title', 'email', 'image'])
        .where('submission_id', '=', res.json().data.id)
        .orderBy('position')
        .execute();
      expect(stored.map((person) => [person.name, person.job_title, person.email])).toEqual([
        ['Asha', 'Actor', 'asha@x.yz'],
        ['Ravi', 'Director', null],
      ]);
      for (const person of stored) expect(person.image).toMatch(/^\/media\/uploads\/submission-cast\//);
    });

    it('names the missing image and the bad field of a cast member by its index', async () => {
      const cast = [
        { name: 'Asha', jobTitle: 'Actor' },
        { name: 'Ravi', jobTitle: '' },
      ];
      const res = await leavesNothing(() => submit(form({ cast: [castList(cast), file('cast[0][image]')] })));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        'cast.1.jobTitle': [Messages.jobTitleRequired],
        'cast.1.image': [Messages.profileImageRequired],
      });
    });

    it('refuses a cast field that is not a JSON list, and an empty list', async () => {
      const text = await leavesNothing(() =>
        submit(form({ cast: [{ name: 'cast', value: '[{"name": "Asha"' }, file('cast[0][image]')] })),
      );
      expect(text.statusCode).toBe(422);
      expect(text.json().errors.cast).toContain(Messages.castNotJson);

      const empty = await leavesNothing(() => submit(form({ cast: [castList([])] })));
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.cast).toEqual([Messages.castRequired]);
    });
  });

  it('accepts 20 cast members and refuses 21 with the spec message, as a form and as JSON', async () => {
    const twentyOne = Array.from({ length: 21 }, (_, index) => castMember(index, {}, false)).flat();
    const res = await leavesNothing(() => submit(form({ cast: twentyOne })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cast).toEqual([Messages.castTooMany]);

    const json = await leavesNothing(async () =>
      server.app.inject({
        method: 'POST',
        url: URL,
        headers: (await newMember()).auth,
        payload: {
          ...FIELDS,
          cast: Array.from({ length: 21 }, (_, index) => ({ name: `P${index}`, jobTitle: 'Actor' })),
        },
      }),
    );
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.cast).toEqual([Messages.castTooMany]);

    const twenty = Array.from({ length: 20 }, (_, index) => castMember(index)).flat();
    expect((await submit(form({ cast: twenty }))).statusCode).toBe(201);
  });

  it('as JSON (no files) answers that the thumbnail and images are required', async () => {
    const res = await leavesNothing(async () =>
      server.app.inject({
        method: 'POST',
        url: URL,
        headers: (await newMember()).auth,
        payload: { ...FIELDS, cast: [{ name: 'P', jobTitle: 'Actor' }] },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      thumnail: [Messages.thumbnailRequired],
      'cast.0.image': [Messages.profileImageRequired],
    });
  });

  it.each([
    ['youtube', 'https://vimeo.com/123', false],
    ['youtube', 'https://youtube.com.evil.example/watch?v=1', false],
    ['vimeo', 'https://www.youtube.com/watch?v=1', false],
    ['dailymotion', 'https://vimeo.com/1', false],
    ['youtube', 'https://youtu.be/abc', true],
    ['vimeo', 'https://player.vimeo.com/video/1', true],
    ['dailymotion', 'https://www.dailymotion.com/video/x8abc', true],
    ['dailymotion', 'https://dai.ly/x8abc', true],
    ['other', 'https://example.com/film.mp4', true],
  ])('a %s link %s is %s', async (platform, link, accepted) => {
    const res = await submit(form({ fields: { platform, link } }));
    if (accepted) {
      expect(res.statusCode).toBe(201);
    } else {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.link).toEqual([Messages.linkNotOnPlatform]);
    }
  });

  it('refuses a file that is not an image (renamed .png) with 415, keeping nothing', async () => {
    const fake = file('thumnail', Buffer.from('%PDF-1.4 not really an image'), 'poster.png');
    const res = await leavesNothing(() => submit(form({ thumbnail: fake })));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.unsupportedMedia });

    // The thumbnail is stored before the cast image is refused: it is deleted again.
    const cast = [
      ...castMember(0),
      ...castMember(1, {}, false),
      file('cast[1][image]', Buffer.from('GIF89a…'), 'x.png'),
    ];
    const second = await leavesNothing(() => submit(form({ cast })));
    expect(second.statusCode).toBe(415);
  });

  it('refuses a cast image over 2 MB and a thumbnail over 5 MB with 413 naming the limit', async () => {
    const big = await largePng(2.2 * MB);
    const res = await leavesNothing(async () =>
      submit(form({ cast: [...castMember(0, {}, false), file('cast[0][image]', big)] })),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.castImageTooLarge });

    const huge = await largePng(5.2 * MB);
    const thumb = await leavesNothing(() => submit(form({ thumbnail: file('thumnail', huge) })));
    expect(thumb.statusCode).toBe(413);
    expect(thumb.json().message).toMatch(/5 MB/);
  });

  it('answers 400 to a form cut off in the middle, and 401 to a visitor', async () => {
    const body = form();
    const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
    const res = await leavesNothing(() => submit({ payload: cut, headers: body.headers }));
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);

    const visitor = await submit(form(), {});
    expect(visitor.statusCode).toBe(401);
  });

  it('deletes the stored images when the transaction fails', async () => {
    const mail = server.app.ctx.mail;
    const original = mail.send;
    mail.send = () => Promise.reject(new Error('outbox unavailable'));
    try {
      const res = await leavesNothing(() => submit(form()));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: false, message: ServerMessages.serverError });
    } finally {
      mail.send = original;
    }
  });

  it('limits each member to 10 attempts an hour, with Retry-After', async () => {
    const busy = await newMember();
    const attempt = (auth: Auth = busy.auth) => submit(form({ fields: { name: '' } }), auth);
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(422);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, message: ServerMessages.rateLimited });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another member is not affected.
    expect((await attempt((await newMember()).auth)).statusCode).toBe(422);
  });
});

describe('GET /user/my-submissions', () => {
  it("lists only the member's own submissions, newest first, with the rejection reason when rejected", async () => {
    const writer = await newMember();
    const first = (await submit(form({ fields: { title: 'First' } }), writer.auth)).json().data.id as number;
    const second = (await submit(form({ fields: { title: 'Second' } }), writer.auth)).json().data
      .id as number;
    const db = server.app.ctx.db;
    await db
      .updateTable('submissions')
      .set({ created_at: Date.now() - 60_000 })
      .where('id', '=', first)
      .execute();
    await db
      .updateTable('submissions')
      .set({ status: 'rejected', rejection_reason: 'The link does not play.', reviewed_at: Date.now() })
      .where('id', '=', first)
      .execute();

    const res = await server.app.inject({ method: 'GET', url: MINE, headers: writer.auth });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as Array<Record<string, unknown>>;
    expect(items.map((item) => [item.id, item.title, item.status, item.rejection_reason])).toEqual([
      [second, 'Second', 'pending', null],
      [first, 'First', 'rejected', 'The link does not play.'],
    ]);
    for (const item of items) {
      expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(item.thumbnail_image).toMatch(/^\/media\/uploads\/submissions\//);
      expect(Object.keys(item).sort()).toEqual(
        ['created_at', 'id', 'rejection_reason', 'status', 'thumbnail_image', 'title'].sort(),
      );
    }

    const stranger = await newMember();
    const none = await server.app.inject({ method: 'GET', url: MINE, headers: stranger.auth });
    expect(none.json().data).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: MINE })).statusCode).toBe(401);
  });
});
