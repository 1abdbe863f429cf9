import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp } from '../../testing/http';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP peer on loopback that keeps what it receives. `hold` makes it take the message but
 * not acknowledge it until released, like a slow or stuck mail server.
 */
async function startSmtpPeer(options: { hold?: boolean } = {}) {
  const received: Received[] = [];
  const held: Array<() => void> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        if (options.hold) held.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    received,
    port,
    release: () => held.splice(0).forEach((acknowledge) => acknowledge()),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: TestServer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
    MAIL_FROM: 'Reeltime <no-reply@reeltime.test>',
  });
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

describe('SMTP mail adapter', () => {
  it('delivers the password reset link over SMTP and records it as sent', async () => {
    const member = await signUp(server.app, { email: 'smtp-member@example.com' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(200);
    expect(await server.app.jobs.drain()).toBe(2); // the reset request, then its mail
    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.from).toBe('no-reply@reeltime.test');
    expect(mail.to).toEqual(['smtp-member@example.com']);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('http://localhost:3000/reset-password?token=');
    const row = await server.app.ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });
});

describe('SMTP peer down', () => {
  it('still answers forgot-password the same and records the failed delivery', async () => {
    const closed = await startSmtpPeer();
    const port = closed.port;
    await closed.close();
    const down = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const member = await signUp(down.app, { email: 'unlucky@example.com' });
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/v1/forgot-password',
        payload: { email: member.email },
      });
      expect(res.statusCode).toBe(200);
      await down.app.jobs.drain();
      const row = await down.app.ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.last_error).toBeTruthy();
      // The delivery stays queued for another attempt later, and the failure stays visible.
      const job = await down.app.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('type', '=', 'mail.deliver')
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job.run_at).toBeGreaterThan(Date.now());
    } finally {
      await down.close();
    }
  });
});

describe('requests never wait for SMTP', () => {
  it('answers forgot-password while the mail server is still holding the message', async () => {
    const stuck = await startSmtpPeer({ hold: true });
    const app = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${stuck.port}` });
    try {
      const member = await signUp(app.app, { email: 'impatient@example.com' });
      await app.app.jobs.start();
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/forgot-password',
        payload: { email: member.email },
      });
      expect(res.statusCode).toBe(200);
      // The worker hands the mail over after the answer; the server has not acknowledged it yet.
      await until(() => stuck.received.length === 1);
      const pending = await app.app.ctx.db.selectFrom('outbox').select('status').executeTakeFirstOrThrow();
      expect(pending.status).toBe('pending');
      stuck.release();
      await until(async () => {
        const row = await app.app.ctx.db.selectFrom('outbox').select('status').executeTakeFirstOrThrow();
        return row.status === 'sent';
      });
    } finally {
      stuck.release();
      await app.close();
      await stuck.close();
    }
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
