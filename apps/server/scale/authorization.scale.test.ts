import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@reeltime/contract';
import { signIn, type Member } from './harness/client';
import { figure } from './harness/report';
import { startScaleSite, type ScaleSite } from './harness/site';
import {
  describeExpectation,
  expectationFor,
  meets,
  ROLES,
  type Expectation,
  type Role,
} from './authorization/expectations';
import { createFixtures, type Fixtures } from './authorization/fixtures';
import { changedTables, ownerState } from './authorization/owner-state';
import { openApiPath, requestFor, type OpenApiDocument } from './authorization/payloads';
import { siteRouteTable, type Route } from './authorization/route-table';

/**
 * The authorization matrix: every route of the app's own route table (read from the app built
 * with the site's configuration, so a new route is covered without editing this file), called
 * by a visitor, another member, the member who owns what the path and body name, and an admin,
 * against two real API processes. The expected status comes from the scope the route is
 * registered in (public, member, admin); no answer to a visitor or another member may carry the
 * owner's data, and none of their calls may change the owner's rows.
 */
const SUITE = 'authorization';

/**
 * Routes whose credential is not the bearer token. They are left out of the matrix and asserted
 * on their own below; each entry must still match a route of the table.
 */
const OWN_CREDENTIAL: Record<string, string> = {
  '/media/s/:expires/:cap/:sig/videos/:videoId/*':
    'signed media URL: the signature is the credential; no token stands in for it',
  '/checkout/:id':
    'built-in checkout page: the unguessable session id is the credential, as with a hosted checkout',
};

/** Read before writes, deletes last, so that a delete does not take away what a read needs. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

let site: ScaleSite;
let routes: Route[];
let document: OpenApiDocument;
let fixtures: Fixtures;
let calls = 0;

interface Answer {
  status: number;
  text: string;
}

/** One request straight to an API process, alternating between the two. */
async function send(method: string, url: string, token: string | undefined, body: unknown): Promise<Answer> {
  const base = site.apiUrl(calls++ % 2);
  const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      body: hasBody ? JSON.stringify(body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    return { status: 0, text: String(error) };
  }
}

/** The route's path with fixture ids: `:id` takes the id of the resource named just before it. */
function concretePath(route: Route, unfilled: Set<string>): string {
  const segments = route.path.split('/');
  return segments
    .map((segment, index) => {
      if (segment === '*') return 'x';
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const resource = name === 'id' ? segments[index - 1]! : name;
      const value = fixtures.pathIds[resource];
      if (value === undefined) {
        unfilled.add(`${route.path} (${name})`);
        return '999999';
      }
      return encodeURIComponent(String(value));
    })
    .join('/');
}

function tokenOf(role: Role): string | undefined {
  return role === 'visitor' ? undefined : fixtures.cast[role].token;
}

/** Signs a member in again when a call (a logout, say) ended their session; returns whether it did. */
async function renewSession(role: Exclude<Role, 'visitor'>): Promise<boolean> {
  const member: Member = fixtures.cast[role];
  const check = await send('GET', `${API_BASE}/user/subscription-plan`, member.token, undefined);
  if (check.status !== 401) return false;
  fixtures.cast[role] = await signIn(site.url, member.email, member.password);
  return true;
}

const leaks = (text: string) => fixtures.ownerSecrets.filter((secret) => text.includes(secret));

beforeAll(async () => {
  site = await startScaleSite({ api: 2, workers: 0 });
  routes = await siteRouteTable(site.env);
  const docs = await fetch(`${site.url}/api/docs/json`);
  document = (await docs.json()) as OpenApiDocument;
  fixtures = await createFixtures(site);
});

afterAll(async () => {
  await site?.close();
});

describe('the authorization matrix', () => {
  it('covers every route of the table and every operation of the OpenAPI document', () => {
    const inTable = new Set(routes.map((route) => `${route.method} ${openApiPath(route.path)}`));
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        if (!inTable.has(`${method.toUpperCase()} ${path}`)) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing, 'documented operations missing from the route table').toEqual([]);
    for (const path of Object.keys(OWN_CREDENTIAL)) {
      expect(
        routes.some((route) => route.path === path),
        `${path} is listed as having its own credential but is no route`,
      ).toBe(true);
    }
    // The access comes from the scope a route is registered in, not from its URL.
    const accessOf = (method: string, path: string) =>
      routes.find((route) => route.method === method && route.path === `${API_BASE}${path}`)?.access;
    expect(accessOf('GET', '/logout')).toBe('member');
    expect(accessOf('GET', '/user/banners')).toBe('public');
    expect(accessOf('GET', '/user/watch-list')).toBe('member');
    expect(accessOf('GET', '/user/payments')).toBe('account');
    expect(accessOf('POST', '/login')).toBe('public');
    expect(accessOf('GET', '/admin/overview')).toBe('admin');
    const byAccess = (access: Route['access']) => routes.filter((route) => route.access === access).length;
    figure(SUITE, 'operations (method + path) in the route table', routes.length);
    figure(
      SUITE,
      'by declared access',
      `public ${byAccess('public')}, member ${byAccess('member')}, account ${byAccess('account')}, admin ${byAccess('admin')}`,
    );
    expect(byAccess('member')).toBeGreaterThan(0);
    expect(byAccess('admin')).toBeGreaterThan(0);
  });

  it("gives each role the status its access declares, and never the owner's data to anyone else", async () => {
    const matrix = routes
      .filter((route) => !(route.path in OWN_CREDENTIAL))
      .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
    const tally = new Map<string, Map<number, number>>();
    const mismatches: string[] = [];
    const unfilled = new Set<string>();
    const undocumented: string[] = [];
    const sessionsEnded: string[] = [];
    let matrixCalls = 0;
    const started = performance.now();

    for (const route of matrix) {
      const path = concretePath(route, unfilled);
      const caller = (role: Role) =>
        requestFor(document, route.method === 'HEAD' ? 'GET' : route.method, route.path, {
          fields: fixtures.fields,
          callerEmail:
            role === 'visitor'
              ? `visitor-${randomBytes(4).toString('hex')}@example.com`
              : fixtures.cast[role].email,
        });
      if (route.path.startsWith(`${API_BASE}/`) && !caller('owner').documented) {
        undocumented.push(`${route.method} ${route.path}`);
      }
      const ownerId = fixtures.cast.owner.id;
      const before = await ownerState(site, ownerId);
      for (const role of ROLES) {
        if (role === 'owner') {
          const changed = changedTables(before, await ownerState(site, ownerId));
          if (changed.length > 0) {
            mismatches.push(
              `${route.method} ${route.path}: a visitor or another member changed the owner's ${changed.join(', ')}`,
            );
          }
        }
        const request = caller(role);
        const answer = await send(route.method, `${path}${request.query}`, tokenOf(role), request.body);
        matrixCalls++;
        const expectation: Expectation = expectationFor(route.access, role);
        const key = `${role} | ${route.access} routes, expected ${describeExpectation[expectation]}`;
        const counts = tally.get(key) ?? new Map<number, number>();
        counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
        tally.set(key, counts);
        if (!meets(expectation, answer.status)) {
          mismatches.push(
            `${route.method} ${route.path} as ${role}: ${answer.status}, expected ${describeExpectation[expectation]} — ${answer.text.slice(0, 160)}`,
          );
        }
        if ((role === 'visitor' || role === 'other') && leaks(answer.text).length > 0) {
          mismatches.push(`${route.method} ${route.path} as ${role}: the answer carries the owner's data`);
        }
      }
      for (const role of ['owner', 'other', 'admin'] as const) {
        if (await renewSession(role)) sessionsEnded.push(`${route.method} ${route.path} (${role})`);
      }
    }

    figure(SUITE, 'operations called', matrix.length);
    figure(SUITE, 'matrix time', `${((performance.now() - started) / 1000).toFixed(1)} s`);
    figure(SUITE, 'calls (4 roles each, over 2 API processes)', matrixCalls);
    for (const [key, counts] of [...tally.entries()].sort()) {
      const summary = [...counts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} × ${count}`)
        .join(', ');
      figure(SUITE, key, summary);
    }
    figure(
      SUITE,
      'path parameters without a fixture (called with a made-up id)',
      [...unfilled].join('; ') || 'none',
    );
    figure(
      SUITE,
      'API routes missing from the OpenAPI document (called without a body)',
      undocumented.join('; ') || 'none',
    );
    figure(
      SUITE,
      "calls that ended the caller's session (signed in again)",
      sessionsEnded.join('; ') || 'none',
    );
    figure(SUITE, 'mismatches', mismatches.length);
    for (const mismatch of mismatches) figure(SUITE, 'mismatch', mismatch);
    expect(mismatches).toEqual([]);
    expect(matrixCalls).toBe(matrix.length * ROLES.length);
  });

  it('routes with their own credential: no token stands in for it', async () => {
    // A forged signature on a signed media URL is refused whoever asks.
    const forged = `/media/s/${Math.floor(Date.now() / 1000) + 3600}/1080/${'A'.repeat(43)}/videos/1/index.m3u8`;
    const statuses: number[] = [];
    for (const role of ROLES) {
      const answer = await send('GET', forged, tokenOf(role), undefined);
      statuses.push(answer.status);
      expect(answer.status, `forged media signature as ${role}`).toBe(403);
    }
    // An unknown checkout session is not found whoever asks; the owner's page shows no owner data.
    const unknown = `/checkout/cs_test_${randomBytes(24).toString('base64url').slice(0, 32)}`;
    for (const role of ROLES) {
      const answer = await send('GET', unknown, tokenOf(role), undefined);
      statuses.push(answer.status);
      expect(answer.status, `unknown checkout as ${role}`).toBe(404);
      const page = await send('GET', `/checkout/${fixtures.checkoutSession}`, tokenOf(role), undefined);
      expect(page.status, `the owner's checkout page as ${role}`).toBe(200);
      expect(leaks(page.text), `the owner's checkout page as ${role}`).toEqual([]);
    }
    figure(
      SUITE,
      'own-credential routes',
      Object.entries(OWN_CREDENTIAL)
        .map(([path, why]) => `${path}: ${why}`)
        .join('; '),
    );
    figure(SUITE, 'forged media signature, then unknown checkout, per role', statuses.join(', '));
  });
});
