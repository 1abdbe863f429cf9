/**
 * Forgot-password timing: `npm run bench:forgot-password`.
 *
 * Starts a real SMTP peer on loopback that takes 300 ms to accept each message, and the real
 * server (child process, SMTP_URL pointing at the peer). Registers one member, then times 50
 * forgot-password requests for that existing email and 50 for unknown emails, alternating, and
 * prints the median and 90th percentile of each beside each other. The two must not differ: the
 * answer would otherwise tell whether an account exists. BENCH_SERVER_DIR compares another
 * checkout's server (see support/server-process.ts).
 *
 * Loopback only; everything it creates is removed at the end.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { median, ms, startServerProcess } from './support/server-process';

const REQUESTS = 50;
const SMTP_DELAY_MS = 300;

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

async function main() {
  let delivered = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          delivered += 1;
          callback();
        }, SMTP_DELAY_MS),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const server = await startServerProcess({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  try {
    const post = async (path: string, body: unknown) => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      return performance.now() - started;
    };
    const email = 'bench-member@example.com';
    await post('/register', { first_name: 'Bench', last_name: 'Member', email, password: 'secret123' });
    // Warm-up, so neither side pays for first-use costs.
    await post('/forgot-password', { email: 'warm-up@example.com' });

    const existing: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      existing.push(await post('/forgot-password', { email }));
      unknown.push(await post('/forgot-password', { email: `nobody-${i}@example.com` }));
    }
    console.log(`server: ${server.serverDir}`);
    console.log(`SMTP peer accepting each message after ${SMTP_DELAY_MS} ms; ${REQUESTS} requests each\n`);
    console.log('email | median | p90');
    console.log('--- | --- | ---');
    console.log(`existing account | ${ms(median(existing))} | ${ms(percentile(existing, 0.9))}`);
    console.log(`unknown email | ${ms(median(unknown))} | ${ms(percentile(unknown, 0.9))}`);
    const deadline = Date.now() + 20_000;
    while (delivered < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(
      `\nreset mails the SMTP peer accepted for the existing account: ${delivered} (at most 3 an hour)`,
    );
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
