import { API_BASE, type AuditEntry } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/time';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUpAdmin } from '../../testing/http';
import { recordAudit } from '../audit/audit';

const AUDIT = `${API_BASE}/admin/audit`;

type Account = Awaited<ReturnType<typeof signUpAdmin>>;

describe('GET /admin/audit', () => {
  let server: TestServer;
  let admin: Account;
  const base = Date.UTC(2025, 2, 10, 12);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpAdmin(server.app);
    const db = server.app.ctx.db;
    const alice = { id: admin.id, email: 'alice@ops.example' };
    const bob = { id: admin.id, email: 'Bob@Ops.example' };
    await recordAudit(
      db,
      {
        actor: alice,
        action: 'title.update',
        entityType: 'title',
        entityId: 7,
        before: { name: 'Old' },
        after: { name: 'New' },
      },
      base,
    );
    await recordAudit(
      db,
      {
        actor: alice,
        action: 'title.publish',
        entityType: 'title',
        entityId: 8,
        before: { is_published: false },
        after: { is_published: true },
      },
      base + DAY_MS,
    );
    await recordAudit(
      db,
      { actor: bob, action: 'member.disable', entityType: 'member', entityId: 7 },
      base + 2 * DAY_MS,
    );
    await recordAudit(
      db,
      { actor: bob, action: 'titles_100%', entityType: 'title', entityId: null },
      base + 3 * DAY_MS,
    );
  });
  afterAll(() => server.close());

  const list = async (query: Record<string, string> = {}) => {
    const res = await server.app.inject({ url: AUDIT, query, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: AuditEntry[]; total: number; page: number; per_page: number };
  };
  const actions = (page: { items: AuditEntry[] }) => page.items.map((entry) => entry.action);

  it('lists newest first with before and after parsed and ISO times', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(actions(page)).toEqual(['titles_100%', 'member.disable', 'title.publish', 'title.update']);
    expect(page.items[3]).toMatchObject({
      actor_email: 'alice@ops.example',
      entity_type: 'title',
      entity_id: '7',
      before: { name: 'Old' },
      after: { name: 'New' },
      created_at: new Date(base).toISOString(),
    });
    expect(page.items[1]).toMatchObject({ before: null, after: null });
  });

  it('filters by part of the actor’s email in any case, by action or its start, by entity and by days', async () => {
    expect(actions(await list({ actor: 'BOB@' }))).toEqual(['titles_100%', 'member.disable']);
    expect(actions(await list({ action: 'title.' }))).toEqual(['title.publish', 'title.update']);
    expect(actions(await list({ action: 'title.update' }))).toEqual(['title.update']);
    // `%` and `_` are text, not patterns.
    expect(actions(await list({ action: 'titles_1' }))).toEqual(['titles_100%']);
    expect(actions(await list({ action: 'title%' }))).toEqual([]);
    expect(actions(await list({ entity_type: 'title', entity_id: '7' }))).toEqual(['title.update']);
    expect(actions(await list({ entity_id: '7' }))).toEqual(['member.disable', 'title.update']);
    expect(actions(await list({ from: '2025-03-11', to: '2025-03-12' }))).toEqual([
      'member.disable',
      'title.publish',
    ]);
    expect(actions(await list({ to: '2025-03-10' }))).toEqual(['title.update']);
    expect((await list({ actor: 'nobody' })).total).toBe(0);
  });

  it('pages with page and per_page, and counts every match', async () => {
    const second = await list({ page: '2', per_page: '3' });
    expect(second).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(actions(second)).toEqual(['title.update']);
  });

  it.each([
    [{ from: '2025-03-12', to: '2025-03-11' }, 'to'],
    [{ from: '2025-02-30' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ per_page: '101' }, 'per_page'],
    [{ page: '0' }, 'page'],
    [{ actor: 'x'.repeat(256) }, 'actor'],
  ])('refuses %j with 422 naming %s', async (query, field) => {
    const res = await server.app.inject({ url: AUDIT, query, headers: admin.auth });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });
});
