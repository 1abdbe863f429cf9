import { Messages, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart } from '../../testing/http';
import { decodeQuotedPrintable, startSmtpPeer } from '../../testing/smtp-peer';
import { catalogFixtures } from '../catalog/catalog.fixtures';

const URL = '/api/v1/user/send-mail-to-cast';
const CAST_ADDRESS = 'priya.private@agency.example';

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: TestServer;
let fixtures: ReturnType<typeof catalogFixtures>;
let titleId: number;
let reachable: number;
let unreachable: number;
let members = 0;

beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
    MAIL_FROM: 'Reeltime <no-reply@reeltime.test>',
  });
  fixtures = catalogFixtures(server.app);
  titleId = await fixtures.title({ name: 'Monsoon Letters' });
  reachable = await fixtures.person('Priya Nair', CAST_ADDRESS);
  unreachable = await fixtures.person('Arjun Mehta');
  await fixtures.cast(titleId, reachable, 'Actor', 0);
  await fixtures.cast(titleId, unreachable, 'Director', 1);
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

/** A new member each time, so the per-member limit only shows where it is tested. */
async function newMember() {
  members += 1;
  const email = `writer-${members}@example.com`;
  const { authorization } = await fixtures.member(email);
  await server.app.ctx.db
    .updateTable('users')
    .set({ first_name: 'Asha', last_name: 'Rao' })
    .where('email', '=', email)
    .execute();
  return { email, auth: { authorization } };
}

const send = async (payload: Record<string, unknown>, auth?: { authorization: string }) =>
  server.app.inject({ method: 'POST', url: URL, payload, headers: auth ?? (await newMember()).auth });

describe('POST /user/send-mail-to-cast', () => {
  it('mails the cast member through the outbox, with the member as Reply-To and an escaped body', async () => {
    const member = await newMember();
    const message = 'Loved your work <script>alert("x")</script> & would like to talk.\nSecond line.';
    const res = await send({ cast_id: reachable, message }, member.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: ServerMessages.castMailSent, data: null });
    expect(res.body).not.toContain(CAST_ADDRESS);
    expect(peer.received).toHaveLength(0); // queued, not sent within the request

    expect(await server.app.jobs.drain()).toBe(1);
    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toEqual([CAST_ADDRESS]);
    expect(mail.from).toBe('no-reply@reeltime.test');
    const raw = decodeQuotedPrintable(mail.raw);
    expect(raw).toMatch(new RegExp(`^Reply-To: ${member.email}\\r?$`, 'im'));
    expect(raw).toMatch(new RegExp(`^To: ${CAST_ADDRESS}\\r?$`, 'im'));
    expect(raw).toContain('Asha Rao sent you this message through');
    // Plain text keeps the message as written; the HTML part escapes it.
    expect(raw).toContain('<script>alert("x")</script> & would like to talk.');
    expect(raw).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; would like to talk.<br>Second line.',
    );
    expect(raw).not.toMatch(/<p>[^<]*<script>/);
    expect(raw).toContain(server.config.appName);
    expect(raw).toContain(server.config.publicUrl);

    const row = await server.app.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', CAST_ADDRESS)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', reply_to: member.email });
  });

  it('takes the same fields as a multipart form', async () => {
    const form = multipart([
      { name: 'cast_id', value: String(reachable) },
      { name: 'message', value: 'Hello from a form' },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: URL,
      payload: form.payload,
      headers: { ...form.headers, ...(await newMember()).auth },
    });
    expect(res.statusCode).toBe(200);
    await server.app.jobs.drain();
    expect(decodeQuotedPrintable(peer.received.at(-1)!.raw)).toContain('Hello from a form');
  });

  it('answers 404 for an unknown cast member or one without an address, sending nothing', async () => {
    const before = peer.received.length;
    const unknown = await send({ cast_id: 999_999, message: 'Hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: ServerMessages.castNotFound });
    const noAddress = await send({ cast_id: unreachable, message: 'Hi' });
    expect(noAddress.statusCode).toBe(404);
    expect(noAddress.json()).toEqual({ status: false, message: ServerMessages.castHasNoEmail });
    expect(await server.app.jobs.drain()).toBe(0);
    expect(peer.received.length).toBe(before);
  });

  it.each([
    [{ cast_id: 1, message: '' }, 'message', Messages.messageRequired],
    [{ cast_id: 1, message: '   ' }, 'message', Messages.messageRequired],
    [{ cast_id: 1 }, 'message', Messages.messageRequired],
    [{ cast_id: 1, message: 'x'.repeat(2001) }, 'message', Messages.messageTooLong],
    [{ cast_id: 'abc', message: 'Hi' }, 'cast_id', Messages.idInvalid],
    [{ message: 'Hi' }, 'cast_id', Messages.idInvalid],
  ])('refuses %j with 422', async (payload, field, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('accepts a message of exactly 2000 characters', async () => {
    expect((await send({ cast_id: reachable, message: 'y'.repeat(2000) })).statusCode).toBe(200);
    await server.app.jobs.drain();
  });

  it('is for members only', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: URL,
      payload: { cast_id: reachable, message: 'Hi' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('allows each member 5 mails an hour, then 429 with Retry-After', async () => {
    const member = await newMember();
    for (let i = 0; i < 5; i += 1) {
      expect((await send({ cast_id: reachable, message: `Note ${i}` }, member.auth)).statusCode).toBe(200);
    }
    const limited = await send({ cast_id: reachable, message: 'One more' }, member.auth);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, message: ServerMessages.rateLimited });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await send({ cast_id: reachable, message: 'Someone else' })).statusCode).toBe(200);
    await server.app.jobs.drain();
  });

  it('never sends the address to a browser: details say only whether there is one', async () => {
    const member = await newMember();
    const details = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/movie-details/${titleId}`,
      headers: member.auth,
    });
    expect(details.statusCode).toBe(200);
    expect(details.body).not.toContain(CAST_ADDRESS);
    const casts = details.json().data.casts as Array<{ id: number; has_email: boolean }>;
    expect(casts.map((cast) => [cast.id, cast.has_email])).toEqual([
      [reachable, true],
      [unreachable, false],
    ]);
    const actorList = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/movie-list?actor_id=${reachable}`,
    });
    expect(actorList.body).not.toContain(CAST_ADDRESS);
  });
});
