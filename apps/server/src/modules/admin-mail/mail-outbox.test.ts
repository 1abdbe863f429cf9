import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  AdminMailMessages as Said,
  API_BASE,
  type AdminMailList,
  type AdminMailMessage,
  AuthEndpoints,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';

/** A real SMTP peer on loopback that refuses every message while `refusing` is set. */
async function startRefusingSmtpPeer() {
  const state = { refusing: true, received: [] as string[] };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        if (state.refusing) {
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        state.received.push(session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    state,
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

let peer: Awaited<ReturnType<typeof startRefusingSmtpPeer>>;
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  peer = await startRefusingSmtpPeer();
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
    MAIL_FROM: 'Reeltime <no-reply@reeltime.test>',
  });
  admin = await signUpAdmin(server.app);
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

const db = () => server.app.ctx.db;
const call = (method: 'GET' | 'POST', path: string) =>
  server.app.inject({ method, url: `${API_BASE}${path}`, headers: admin.auth });

async function auditCount(): Promise<number> {
  const row = await db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Asks for a reset link and runs the jobs that are due: the request, then one delivery attempt. */
async function resetMailFor(email: string): Promise<number> {
  await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${AuthEndpoints.forgotPassword.path}`,
    payload: { email },
  });
  await server.app.jobs.drain();
  const row = await db()
    .selectFrom('outbox')
    .select('id')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the mail outbox', () => {
  it('retries a failed message: it is delivered again over SMTP, once', async () => {
    const member = await signUp(server.app, { email: 'bounced@example.com' });
    const outboxId = await resetMailFor(member.email);
    const failed = (await call('GET', `/admin/mail/${outboxId}`)).json().data as AdminMailMessage;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, to: 'bounced@example.com' });
    expect(failed.last_error).toContain('mailbox unavailable');
    expect(peer.state.received).toEqual([]);
    const waitingJob = await db()
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('type', '=', 'mail.deliver')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(waitingJob.status).toBe('queued'); // waiting for its backoff

    peer.state.refusing = false;
    const retried = await call('POST', `/admin/mail/${outboxId}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe(Said.mailRequeued);
    expect(retried.json().data).toMatchObject({ id: outboxId, status: 'pending' });

    expect(await server.app.jobs.drain()).toBe(1);
    expect(peer.state.received).toEqual(['bounced@example.com']);
    const sent = (await call('GET', `/admin/mail/${outboxId}`)).json().data as AdminMailMessage;
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).not.toBeNull();

    // The first job, once its backoff is over, finds the message sent and sends nothing.
    await server.app.jobs.runJob(waitingJob.id);
    expect(peer.state.received).toHaveLength(1);

    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'mail.retry', entity_id: String(outboxId) });
  });

  it('refuses to retry a message that has not failed, and writes nothing', async () => {
    const sent = await db()
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    const jobs = await db().selectFrom('jobs').select('id').execute();
    const audits = await auditCount();
    const res = await call('POST', `/admin/mail/${sent.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(Said.mailNotFailed);
    expect(await db().selectFrom('jobs').select('id').execute()).toHaveLength(jobs.length);
    expect(await auditCount()).toBe(audits);
    expect((await call('POST', '/admin/mail/999999/retry')).statusCode).toBe(404);
    expect((await call('POST', '/admin/mail/zero/retry')).statusCode).toBe(422);
  });

  it('lists messages newest first, by status and by part of the recipient address', async () => {
    peer.state.refusing = true;
    await signUp(server.app, { email: 'second.bounce@example.com' });
    const bounced = await resetMailFor('second.bounce@example.com');
    peer.state.refusing = false;

    const all = (await call('GET', '/admin/mail')).json().data as AdminMailList;
    expect(all.total).toBe(2);
    expect(all.items.map((mail) => mail.id)).toEqual([bounced, bounced - 1]);
    expect(all.items[0]).not.toHaveProperty('text');

    const failed = (await call('GET', '/admin/mail?status=failed')).json().data as AdminMailList;
    expect(failed.items.map((mail) => mail.to)).toEqual(['second.bounce@example.com']);
    const sent = (await call('GET', '/admin/mail?status=sent&search=BOUNCED@')).json().data as AdminMailList;
    expect(sent.items.map((mail) => mail.to)).toEqual(['bounced@example.com']);
    const none = (await call('GET', '/admin/mail?search=_')).json().data as AdminMailList;
    expect(none.total).toBe(0);

    const emptyStatus = (await call('GET', '/admin/mail?status=&search=')).json().data as AdminMailList;
    expect(emptyStatus.items.map((mail) => mail.id)).toEqual(all.items.map((mail) => mail.id));

    const bad = await call('GET', '/admin/mail?status=lost&per_page=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'status']);
  });

  it('shows a message with its text and HTML bodies', async () => {
    const { outboxId } = await server.app.ctx.mail.send({
      to: 'html@example.com',
      subject: 'Hello',
      text: 'Plain words',
      html: '<p>Rich <script>alert(1)</script> words</p>',
      replyTo: 'desk@example.com',
    });
    const res = await call('GET', `/admin/mail/${outboxId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: outboxId,
      to: 'html@example.com',
      reply_to: 'desk@example.com',
      subject: 'Hello',
      text: 'Plain words',
      html: '<p>Rich <script>alert(1)</script> words</p>',
      status: 'pending',
    });
    expect((await call('GET', '/admin/mail/999999')).statusCode).toBe(404);
  });
});
