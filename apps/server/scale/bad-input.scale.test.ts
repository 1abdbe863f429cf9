import { AdminVideoUploadEndpoints, API_BASE, WatchlistEndpoints } from '@reeltime/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCases } from './bad-input/all-cases';
import { startEmbeddedTarget } from './bad-input/embedded-target';
import {
  operationsFromDocument,
  operationsMissingFromDocument,
  type OpenApiDocument,
  type Route,
} from './bad-input/operations';
import { sendRaw } from './bad-input/raw-http';
import { readRouteTable } from './bad-input/route-table';
import { selectCases } from './bad-input/select-cases';
import { sendCases } from './bad-input/send-cases';
import { acceptedLines, categoryLines, problemLines, statusLine } from './bad-input/tally';
import { uploadMetadata } from './bad-input/tus-cases';
import { call, signIn, signUp, signUpAdmin } from './harness/client';
import { profile } from './harness/profile';
import { figure } from './harness/report';
import { startScaleSite } from './harness/site';

/**
 * Malformed requests generated from the site's own OpenAPI document (and, for routes it leaves
 * out, from Fastify's route table) sent over raw sockets to a real server process: the scaled-out
 * API process on PostgreSQL and Redis, and the embedded default on SQLite. No answer may be a 5xx
 * or show a stack trace, SQL or a path; the process must still be up and ready afterwards.
 */
const SUITE = 'bad-input';
/** Cases carrying megabytes (10 MB strings, 12 MB files), spread over the operations. */
const MAX_HEAVY = Math.ceil(profile.badRequests / 75);
const CLIENTS = 4;

interface Target {
  label: string;
  base: string;
  sql: (text: string, values?: unknown[]) => Promise<unknown[]>;
  secrets: string[];
  output: () => string[];
  /** The server's process id now (a restart would change it). */
  pid: () => number | undefined;
}

let routes: Route[];

beforeAll(async () => {
  routes = await readRouteTable();
});

/** Lines of the server's output that show a crash or an unhandled failure. */
const crashLines = (output: string[]) =>
  output.filter((line) =>
    /"level":(?:50|60)|uncaught|unhandled|restarting it in|exited|FATAL|out of memory/i.test(line),
  );

async function readDocument(base: string): Promise<OpenApiDocument> {
  const response = await fetch(`${base}/api/docs/json`, { signal: AbortSignal.timeout(15_000) });
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApiDocument;
}

/** A title and a tus upload to it that has received nothing yet, for the offset and type cases. */
async function openUpload(base: string, adminToken: string): Promise<string> {
  const title = await call(base, 'POST', '/admin/titles', {
    token: adminToken,
    body: { type: 'movie', name: 'Bad input target', is_free: true },
  });
  expect(title.status, title.text).toBe(201);
  const created = await sendRaw(base, {
    method: 'POST',
    target: `${API_BASE}${AdminVideoUploadEndpoints.create.path}`,
    headers: [
      ['authorization', `Bearer ${adminToken}`],
      ['tus-resumable', '1.0.0'],
      ['upload-length', '1000'],
      ['upload-metadata', uploadMetadata(title.body.data.id as number)],
    ],
  });
  expect(created.status, created.body).toBe(201);
  return created.headers.location!.split('/').pop()!;
}

async function attack(target: Target): Promise<void> {
  const suite = `${SUITE} | ${target.label}`;
  const document = await readDocument(target.base);
  const documented = operationsFromDocument(document);
  const undocumented = operationsMissingFromDocument(routes, documented);
  figure(suite, 'operations in the OpenAPI document', documented.length);
  figure(
    suite,
    'routes only in the route table',
    `${undocumented.length} (${undocumented.map((o) => `${o.method} ${o.path}`).join(', ')})`,
  );

  const member = await signUp(target.base, 'bad-input-member');
  const session = await signIn(target.base, member.email, member.password);
  const admin = await signUpAdmin(target.base, target.sql);
  const uploadId = await openUpload(target.base, admin.token);
  const pidBefore = target.pid();

  const operations = [...documented, ...undocumented];
  const generated = allCases(operations, { uploadId });
  const cases = selectCases(generated, profile.badRequests, MAX_HEAVY);
  figure(suite, 'malformed requests generated', generated.length);

  const started = performance.now();
  const { outcomes, resent } = await sendCases({
    base: target.base,
    cases,
    tokens: { member: member.token, admin: admin.token, session: session.token },
    clients: CLIENTS,
    secrets: target.secrets,
  });
  const seconds = (performance.now() - started) / 1000;

  const covered = new Set(outcomes.map((o) => o.item.operation));
  const accepted = outcomes.filter((o) => o.response.status >= 200 && o.response.status < 300);
  const fiveHundreds = outcomes.filter((o) =>
    o.verdict.problems.some((p) => p.startsWith('status 5')),
  ).length;
  const leaks = outcomes.filter((o) =>
    o.verdict.problems.some((p) => !/^status|^no answer|^a \d{3}/.test(p)),
  ).length;
  figure(
    suite,
    'requests sent',
    `${outcomes.length} in ${seconds.toFixed(1)} s (${(outcomes.length / seconds).toFixed(0)}/s, ${CLIENTS} connections, ${cases.filter((c) => c.heavy).length} of them megabytes)`,
  );
  figure(suite, 'megabyte requests sent again after the connection was reset under the answer', resent);
  figure(suite, 'operations aimed at', `${covered.size} of ${operations.length}`);
  figure(suite, 'by status', statusLine(outcomes));
  for (const line of categoryLines(outcomes)) figure(suite, 'by category', line);
  figure(suite, 'answers 5xx', fiveHundreds);
  figure(
    suite,
    'page addresses answered 503 as the web app is not built (not counted as 5xx)',
    outcomes.filter(
      (o) => o.response.status === 503 && !o.verdict.problems.some((p) => p.startsWith('status')),
    ).length,
  );
  figure(suite, 'answers with a stack trace, SQL, a path or a secret', leaks);
  figure(
    suite,
    '4xx from /api not in the JSON error envelope',
    outcomes.filter((o) => o.verdict.problems.some((p) => /^a 4\d\d/.test(p))).length,
  );
  // Not a failure: unknown query parameters are ignored and odd text is still text. Printed so
  // that a malformed request the API takes is seen.
  figure(suite, 'answered 2xx', accepted.length);
  for (const line of acceptedLines(outcomes)) figure(suite, 'answered 2xx', line);

  expect(outcomes.length).toBeGreaterThanOrEqual(profile.badRequests);
  expect(covered.size).toBe(operations.length);
  expect(problemLines(outcomes)).toEqual([]);

  // Still the same process, ready, and the sessions the cases were sent with still work.
  expect(target.pid()).toBe(pidBefore);
  const ready = await fetch(`${target.base}/readyz`, { signal: AbortSignal.timeout(15_000) });
  expect(ready.status).toBe(200);
  expect((await call(target.base, 'GET', WatchlistEndpoints.list.path, { token: member.token })).status).toBe(
    200,
  );
  expect((await call(target.base, 'GET', '/admin/overview', { token: admin.token })).status).toBe(200);
  const crashes = crashLines(target.output());
  figure(suite, 'error or crash lines in the server output', crashes.length);
  expect(crashes).toEqual([]);
}

/** The two ways the site runs, each a real OS process. */
const targets: Array<{ name: string; start: () => Promise<{ target: Target; close: () => Promise<void> }> }> =
  [
    {
      name: 'the scaled-out API process (PostgreSQL, Redis)',
      async start() {
        const site = await startScaleSite({ api: 1, workers: 0 });
        return {
          target: {
            label: 'scaled out',
            base: site.apiUrl(0),
            sql: (text, values) => site.sql(text, values),
            secrets: [
              site.env.TOKEN_PEPPER!,
              site.env.MEDIA_SIGNING_KEY!,
              site.databaseUrl,
              site.redisPrefix,
            ],
            output: () => site.output,
            pid: () => site.cluster.apis[0]!.pid,
          },
          close: () => site.close(),
        };
      },
    },
    {
      name: 'the embedded default (one process, SQLite)',
      async start() {
        const embedded = await startEmbeddedTarget();
        return {
          target: {
            label: 'embedded',
            base: embedded.server.url,
            sql: (text, values) => embedded.sql(text, values),
            secrets: embedded.secrets(),
            output: () => embedded.output,
            pid: () => embedded.server.pid,
          },
          close: () => embedded.close(),
        };
      },
    },
  ];

describe('bad input generated from the OpenAPI document and the route table', () => {
  for (const { name, start } of targets) {
    it(`${name} answers every malformed request with a clean 4xx and stays up`, async () => {
      const { target, close } = await start();
      try {
        await attack(target);
      } finally {
        await close();
      }
    });
  }
});
