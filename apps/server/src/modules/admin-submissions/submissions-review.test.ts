import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  AdminSubmissionsMessages as M,
  type AdminSubmission,
  type AdminSubmissionsPage,
  type MySubmission,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { API, auditRows, countRows, submitMovie } from '../admin-library/admin-library.fixtures';

const QUEUE = `${API}/admin/submissions`;

let server: TestServer;
let admin: { authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signUpAdmin(server.app)).auth;
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
const approve = (id: number | string) =>
  server.app.inject({ method: 'POST', url: `${QUEUE}/${id}/approve`, headers: admin });
const reject = (id: number | string, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `${QUEUE}/${id}/reject`,
    headers: admin,
    payload: payload as object,
  });
const queue = async (query = '') =>
  (await server.app.inject({ method: 'GET', url: `${QUEUE}${query}`, headers: admin })).json()
    .data as AdminSubmissionsPage;
const mine = async (auth: { authorization: string }) =>
  (await server.app.inject({ method: 'GET', url: `${API}/user/my-submissions`, headers: auth })).json()
    .data as MySubmission[];
const mailTo = (address: string) =>
  db().selectFrom('outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
const fileOf = (url: string) => path.join(server.config.dataDir, 'media', url.replace(/^\/media\//, ''));

describe('the submissions review queue', () => {
  it('lists submissions newest first with their cast and link type, filtered by status and paged', async () => {
    const member = await signUp(server.app);
    const older = await submitMovie(server.app, member.auth, { title: 'Older One' });
    const newer = await submitMovie(server.app, member.auth, {
      title: 'Newer One',
      platform: 'vimeo',
      link: 'https://vimeo.com/123456',
      cast: [
        { name: 'Ana', jobTitle: 'Actor' },
        { name: 'Ben', jobTitle: 'Director', email: 'ben@example.com' },
      ],
    });
    await db().updateTable('submissions').set({ created_at: 1000 }).where('id', '=', older).execute();

    const page = await queue('?status=pending&per_page=1');
    expect(page).toMatchObject({ page: 1, per_page: 1 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const [first] = page.items as [AdminSubmission];
    expect(first).toMatchObject({
      id: newer,
      title: 'Newer One',
      status: 'pending',
      link: 'https://vimeo.com/123456',
      link_type: 'vimeo',
      draft_title_id: null,
      submitter: { user_id: member.id, name: 'Asha Rao', email: 'asha@example.com', role: 'Director' },
      cast: [
        { name: 'Ana', job_title: 'Actor', email: null },
        { name: 'Ben', job_title: 'Director', email: 'ben@example.com' },
      ],
    });
    expect(first.thumbnail_image).toMatch(/^\/media\/uploads\/submissions\//);
    const all = await queue('?per_page=100');
    expect(all.items.map((item) => item.id).indexOf(older)).toBeGreaterThan(
      all.items.map((item) => item.id).indexOf(newer),
    );
    expect((await queue('?status=rejected')).items.every((item) => item.status === 'rejected')).toBe(true);
  });

  it('reads an empty status as every status, like the other console lists', async () => {
    const member = await signUp(server.app);
    const pending = await submitMovie(server.app, member.auth);
    await reject(await submitMovie(server.app, member.auth), { reason: 'Not for this site' });
    const all = await queue('');
    expect(new Set(all.items.map((item) => item.status))).toEqual(new Set(['pending', 'rejected']));
    const emptyStatus = await queue('?status=');
    expect(emptyStatus.items.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
    expect(emptyStatus.items.map((item) => item.id)).toContain(pending);
  });

  it('approves into an unpublished draft title with poster, trailer and cast, mails the member and shows Approved', async () => {
    const member = await signUp(server.app);
    const known = await catalogFixtures(server.app).person('Known Person', 'Known@Example.com');
    const id = await submitMovie(server.app, member.auth, {
      title: 'Rain <Letters> & Co',
      type: 'TV show',
      cast: [
        { name: 'New Actor', jobTitle: 'Lead', email: 'new.actor@example.com' },
        { name: 'Known Again', jobTitle: 'Director', email: 'known@example.com' },
        { name: 'No Address', jobTitle: 'Camera' },
      ],
    });
    const response = await approve(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(M.submissionApproved);
    const { draft_title_id: titleId, submission } = response.json().data as {
      draft_title_id: number;
      submission: AdminSubmission;
    };
    expect(submission).toMatchObject({
      id,
      status: 'approved',
      draft_title_id: titleId,
      rejection_reason: null,
    });
    expect(submission.reviewed_at).not.toBeNull();

    const title = await db()
      .selectFrom('titles')
      .selectAll()
      .where('id', '=', titleId)
      .executeTakeFirstOrThrow();
    expect(title).toMatchObject({
      type: 'tvshow',
      name: 'Rain <Letters> & Co',
      description: 'A short film about <letters> & rain.',
      trailer_url: 'https://www.youtube.com/watch?v=abcdefghijk',
      trailer_url_type: 'youtube',
      is_published: 0,
    });
    // The title owns copies: the submission's own thumbnail stays as it was.
    expect(title.poster_image).toMatch(/^\/media\/uploads\/posters\/[0-9a-f]{32}\.webp$/);
    expect(title.thumbnail_image).toMatch(/^\/media\/uploads\/thumbnails\/[0-9a-f]{32}\.webp$/);
    expect(existsSync(fileOf(title.poster_image))).toBe(true);
    expect(existsSync(fileOf(submission.thumbnail_image))).toBe(true);
    // Its widths are known at once (a 32 px picture: no smaller copy to make).
    expect(title.thumbnail_widths).toBe('32');

    const cast = await db()
      .selectFrom('title_cast')
      .innerJoin('people', 'people.id', 'title_cast.person_id')
      .select(['people.id', 'people.name', 'people.email', 'people.profile_image', 'title_cast.job_title'])
      .where('title_cast.title_id', '=', titleId)
      .orderBy('title_cast.position')
      .execute();
    expect(cast.map((person) => [person.name, person.job_title, person.email])).toEqual([
      ['New Actor', 'Lead', 'new.actor@example.com'],
      ['Known Person', 'Director', 'Known@Example.com'],
      ['No Address', 'Camera', null],
    ]);
    expect(cast[1]!.id).toBe(known);
    expect(cast[0]!.profile_image).toMatch(/^\/media\/uploads\/people\/[0-9a-f]{32}\.webp$/);
    expect(existsSync(fileOf(cast[0]!.profile_image))).toBe(true);

    // Members do not see the draft.
    expect(
      (await server.app.inject({ method: 'GET', url: `${API}/user/movie-details/${titleId}` })).statusCode,
    ).toBe(404);

    const [mail] = await mailTo(member.email);
    const approvedMail = (await mailTo(member.email)).find((row) => row.subject.includes('approved'))!;
    expect(mail).toBeDefined();
    expect(approvedMail.subject).toBe('Your submission "Rain <Letters> & Co" was approved');
    expect(approvedMail.html_body).toContain('Rain &#60;Letters&#62; &#38; Co');
    expect(approvedMail.html_body).not.toContain('<Letters>');

    expect((await mine(member.auth)).find((item) => item.id === id)).toMatchObject({
      status: 'approved',
      rejection_reason: null,
    });
    const audit = await auditRows(server.app, 'submission.approve');
    expect(audit.find((row) => row.entity_id === String(id))).toMatchObject({
      after: JSON.stringify({ status: 'approved', draft_title_id: titleId }),
    });
    expect((await auditRows(server.app, 'title.create')).map((row) => row.entity_id)).toContain(
      String(titleId),
    );
  });

  it('rejects with a reason the member receives by mail and sees in My submissions', async () => {
    const member = await signUp(server.app);
    const id = await submitMovie(server.app, member.auth, { title: 'Too Long Ago' });
    const response = await reject(id, { reason: '  The link is private; <b>make it public</b>.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: M.submissionRejected,
      data: { id, status: 'rejected', rejection_reason: 'The link is private; <b>make it public</b>.' },
    });
    expect((await mine(member.auth)).find((item) => item.id === id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The link is private; <b>make it public</b>.',
    });
    const mail = (await mailTo(member.email)).find((row) => row.subject.includes('not accepted'))!;
    expect(mail.text_body).toContain('The link is private; <b>make it public</b>.');
    expect(mail.html_body).toContain('&#60;b&#62;make it public&#60;/b&#62;');
    expect(mail.html_body).not.toContain('<b>');
    expect((await queue('?status=rejected')).items.map((item) => item.id)).toContain(id);
  });

  it('refuses a second review with 409 and a clear message, changing nothing', async () => {
    const member = await signUp(server.app);
    const approved = await submitMovie(server.app, member.auth, { title: 'Once Only' });
    expect((await approve(approved)).statusCode).toBe(200);
    const titles = await countRows(server.app, 'titles');
    const mails = (await mailTo(member.email)).length;
    const again = await approve(approved);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.submissionAlreadyReviewed('approved'));
    const rejectAfter = await reject(approved, { reason: 'Changed my mind' });
    expect(rejectAfter.statusCode).toBe(409);
    expect((await mine(member.auth)).find((item) => item.id === approved)?.status).toBe('approved');

    const rejected = await submitMovie(server.app, member.auth, { title: 'Never' });
    await reject(rejected, { reason: 'No' });
    expect((await approve(rejected)).json().message).toBe(M.submissionAlreadyReviewed('rejected'));
    expect(await countRows(server.app, 'titles')).toBe(titles);
    expect((await mailTo(member.email)).length).toBe(mails + 2); // the "received" and "rejected" mails of the second
  });

  it('lets exactly one of two approvals at once win', async () => {
    const member = await signUp(server.app);
    const id = await submitMovie(server.app, member.auth, { title: 'Race' });
    const titles = await countRows(server.app, 'titles');
    const results = await Promise.all([approve(id), approve(id)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    expect(await countRows(server.app, 'titles')).toBe(titles + 1);
  });

  it('refuses bad input clearly and writes nothing', async () => {
    const member = await signUp(server.app);
    const id = await submitMovie(server.app, member.auth, { title: 'Pending Still' });
    const audit = await countRows(server.app, 'audit_log');
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 5 },
      { reason: 'x'.repeat(1001) },
      { reason: 'Off topic', notify: false },
    ]) {
      const response = await reject(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toEqual([
        'notify' in payload ? 'notify' : 'reason',
      ]);
    }
    expect((await reject(id, { reason: 'x'.repeat(1001) })).json().message).toBe(M.rejectionReasonTooLong);
    expect((await approve('abc')).statusCode).toBe(422);
    expect((await approve(999999)).json()).toEqual({ status: false, message: M.submissionNotFound });
    expect((await reject(999999, { reason: 'No' })).statusCode).toBe(404);
    for (const query of ['?status=maybe', '?page=0', '?per_page=1000']) {
      expect(
        (await server.app.inject({ method: 'GET', url: `${QUEUE}${query}`, headers: admin })).statusCode,
        query,
      ).toBe(422);
    }
    expect(await countRows(server.app, 'audit_log')).toBe(audit);
    expect((await mine(member.auth)).find((item) => item.id === id)?.status).toBe('pending');
  });

  it('is for admins only', async () => {
    const member = await signUp(server.app);
    const id = await submitMovie(server.app, member.auth);
    expect(
      (await server.app.inject({ method: 'POST', url: `${QUEUE}/${id}/approve`, headers: member.auth }))
        .statusCode,
    ).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: QUEUE })).statusCode).toBe(401);
  });
});
