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

/** A real SMTP peer on loopback that keeps what it receives. */
async function startSmtpPeer() {
  const received: Received[] = [];
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
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
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
      const row = await down.app.ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.last_error).toBeTruthy();
    } finally {
      await down.close();
    }
  });
});
