import { AdminOverviewEndpoints, API_BASE, ServerMessages, type AdminOverview } from '@reeltime/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsTable, VideosTable } from '../../db/database';
import { insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp } from '../../testing/http';

const ADMIN_BASE = `${API_BASE}/admin`;
const OVERVIEW = `${API_BASE}${AdminOverviewEndpoints.overview.path}`;

let server: TestServer;
let member: Awaited<ReturnType<typeof signUp>>;
let admin: { authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  member = await signUp(server.app);
  const promoted = await signUp(server.app);
  await server.app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', promoted.id).execute();
  const login = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}/login`,
    payload: { email: promoted.email, password: promoted.password },
  });
  expect(login.json().data.is_admin).toBe(true);
  admin = { authorization: `Bearer ${login.json().data.api_token}` };
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;

async function insertVideo(status: VideosTable['status']) {
  const titleId = await insertTitle(db());
  await db()
    .insertInto('videos')
    .values({
      title_id: titleId,
      kind: 'main',
      type: 'hls',
      url: '/media/v/index.m3u8',
      status,
      position: 0,
      created_at: 0,
    })
    .execute();
}

async function insertJob(status: JobsTable['status']) {
  const now = Date.now();
  await db()
    .insertInto('jobs')
    .values({
      type: 'mail.deliver',
      payload: '{}',
      status,
      progress: 0,
      attempts: 0,
      max_attempts: 3,
      run_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Every route of the app under /api/v1/admin, read from Fastify's own route table, so a new
 * admin route is checked without touching this file. Parameters get a placeholder value.
 */
function adminRoutes(): Array<{ method: HTTPMethods; url: string }> {
  const routes: Array<{ method: HTTPMethods; url: string }> = [];
  const parents: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    const url = path.replace(/:\w+/g, '1').replace(/\*/g, 'x');
    const underAdmin = path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`);
    if (!underAdmin || !match[3]) continue;
    for (const method of match[3].split(', ') as HTTPMethods[]) {
      expect(server.app.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true);
      routes.push({ method, url });
    }
  }
  return routes;
}

/**
 * The one console route anyone may call: tus discovery (OPTIONS on the uploads URL), which only
 * states the protocol's version, extensions and size limit, and which CORS preflights send
 * without a token.
 */
const PUBLIC_CONSOLE_ROUTES = [{ method: 'OPTIONS', url: `${ADMIN_BASE}/uploads` }];

describe('the admin scope', () => {
  it('covers every route under /api/v1/admin: 401 without a token, 403 for a member', async () => {
    const routes = adminRoutes();
    expect(routes).toContainEqual({ method: 'GET', url: OVERVIEW });
    for (const open of PUBLIC_CONSOLE_ROUTES) {
      expect(routes).toContainEqual(open);
      const visitor = await server.app.inject({ method: open.method as HTTPMethods, url: open.url });
      expect(visitor.statusCode, `${open.method} ${open.url} without a token`).toBe(204);
    }
    const guarded = routes.filter(
      (route) =>
        !PUBLIC_CONSOLE_ROUTES.some((open) => open.method === route.method && open.url === route.url),
    );
    for (const { method, url } of guarded) {
      const visitor = await server.app.inject({ method, url });
      expect(visitor.statusCode, `${method} ${url} without a token`).toBe(401);
      const asMember = await server.app.inject({ method, url, headers: member.auth });
      expect(asMember.statusCode, `${method} ${url} as a member`).toBe(403);
      if (method !== 'HEAD') {
        expect(asMember.json()).toEqual({ status: false, message: ServerMessages.forbidden });
      }
    }
  });

  it('treats a bad token as no token', async () => {
    const res = await server.app.inject({ url: OVERVIEW, headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.unauthenticated });
  });
});

describe('GET /admin/overview', () => {
  it('counts titles, members, videos by status and jobs by state', async () => {
    const overview = async () => {
      const res = await server.app.inject({ url: OVERVIEW, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(true);
      return res.json().data as AdminOverview;
    };
    expect(await overview()).toMatchObject({
      titles: 0,
      members: 2,
      videos: { pending: 0, processing: 0, ready: 0, failed: 0 },
      jobs: { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 },
    });

    await insertTitle(db(), { is_published: 0 });
    for (const status of ['ready', 'ready', 'ready', 'failed', 'pending'] as const) await insertVideo(status);
    for (const status of [
      'queued',
      'queued',
      'done',
      'failed',
      'cancelled',
      'cancelled',
      'cancelled',
    ] as const) {
      await insertJob(status);
    }
    await signUp(server.app);

    expect(await overview()).toMatchObject({
      titles: 6,
      members: 3,
      videos: { pending: 1, processing: 0, ready: 3, failed: 1 },
      jobs: { queued: 2, running: 0, done: 1, failed: 1, cancelled: 3 },
    });
  });
});
