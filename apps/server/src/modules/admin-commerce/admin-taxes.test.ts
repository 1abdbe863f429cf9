import { AdminCommerceMessages as M, type AdminTax } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan } from '../../testing/billing';
import { signUp, signUpAdmin } from '../../testing/http';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let member: Awaited<ReturnType<typeof signUp>>;
let planId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
  member = await signUp(server.app);
  planId = await insertPlan(server.app, { name: 'Standard', price_minor: 40_000, discount_percent: 10 });
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: admin.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const details = async () =>
  (
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/user/get-payment-details?plan_id=${planId}`,
      headers: member.auth,
    })
  ).json().data as {
    subtotal: number;
    tax_array: Array<{ name: string; value: number; tax_amount: number }>;
    total: number;
  };
const counts = async () => ({
  taxes: (await db().selectFrom('taxes').select('id').execute()).length,
  audit: (await db().selectFrom('audit_log').select('id').execute()).length,
});
const auditOf = (id: number) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('entity_type', '=', 'tax')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('tax lines', () => {
  it('creates, edits, deactivates and deletes lines; payment details for new checkouts follow at once', async () => {
    expect(await details()).toMatchObject({ subtotal: 360, tax_array: [], total: 360 });

    const created = await asAdmin('POST', '/admin/taxes', { name: 'CGST', percent: 9 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: M.taxCreated });
    const cgst = created.json().data as AdminTax;
    expect(cgst).toEqual({ id: cgst.id, name: 'CGST', percent: 9, is_active: true });
    const sgst = (await asAdmin('POST', '/admin/taxes', { name: 'SGST', percent: 9.25 })).json()
      .data as AdminTax;

    expect(await details()).toMatchObject({
      tax_array: [
        { name: 'CGST', value: 9, tax_amount: 32.4 },
        { name: 'SGST', value: 9.25, tax_amount: 33.3 },
      ],
      total: 425.7,
    });

    const edited = await asAdmin('PATCH', `/admin/taxes/${sgst.id}`, { name: 'State GST', percent: 12.5 });
    expect(edited.json()).toMatchObject({ message: M.taxSaved, data: { name: 'State GST', percent: 12.5 } });
    expect((await details()).tax_array).toEqual([
      { name: 'CGST', value: 9, tax_amount: 32.4 },
      { name: 'State GST', value: 12.5, tax_amount: 45 },
    ]);

    await asAdmin('PATCH', `/admin/taxes/${cgst.id}`, { is_active: false });
    expect((await details()).tax_array.map((line) => line.name)).toEqual(['State GST']);
    expect(
      ((await asAdmin('GET', '/admin/taxes')).json().data as AdminTax[]).map((tax) => [
        tax.name,
        tax.is_active,
      ]),
    ).toEqual([
      ['CGST', false],
      ['State GST', true],
    ]);

    const deleted = await asAdmin('DELETE', `/admin/taxes/${sgst.id}`);
    expect(deleted.json()).toEqual({ status: true, message: M.taxDeleted, data: null });
    expect(await details()).toMatchObject({ tax_array: [], total: 360 });
    expect((await asAdmin('DELETE', `/admin/taxes/${sgst.id}`)).statusCode).toBe(404);

    expect((await auditOf(sgst.id)).map((entry) => entry.action)).toEqual([
      'tax.create',
      'tax.update',
      'tax.delete',
    ]);
    const [, update, removal] = await auditOf(sgst.id);
    expect(update!.actor_id).toBe(admin.id);
    expect(JSON.parse(update!.before!)).toEqual({ name: 'SGST', percent: 9.25, is_active: true });
    expect(JSON.parse(update!.after!)).toEqual({ name: 'State GST', percent: 12.5, is_active: true });
    expect(JSON.parse(removal!.before!)).toEqual({ name: 'State GST', percent: 12.5, is_active: true });
    await asAdmin('DELETE', `/admin/taxes/${cgst.id}`);
  });

  it.each([
    ['a negative percent', { name: 'Bad', percent: -1 }, 'percent'],
    ['a zero percent', { name: 'Bad', percent: 0 }, 'percent'],
    ['over 100 percent', { name: 'Bad', percent: 100.5 }, 'percent'],
    ['three decimals', { name: 'Bad', percent: 1.125 }, 'percent'],
    ['a percent as text', { name: 'Bad', percent: '18' }, 'percent'],
    ['no name', { percent: 18 }, 'name'],
    ['a huge name', { name: 'x'.repeat(10_000), percent: 18 }, 'name'],
    ['active as text', { name: 'Bad', percent: 18, is_active: 'yes' }, 'is_active'],
    ['an unknown field', { name: 'Bad', percent: 18, country: 'IN' }, 'country'],
  ])('refuses %s with 422 on the field and writes nothing', async (_name, body, field) => {
    const before = await counts();
    const res = await asAdmin('POST', '/admin/taxes', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('refuses a name another line has, an empty patch and an unknown line', async () => {
    const vat = (await asAdmin('POST', '/admin/taxes', { name: 'VAT', percent: 5 })).json().data as AdminTax;
    const other = (await asAdmin('POST', '/admin/taxes', { name: 'Other', percent: 1 })).json()
      .data as AdminTax;
    const before = await counts();
    const taken = await asAdmin('POST', '/admin/taxes', { name: 'vat', percent: 5 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual([M.taxNameTaken]);
    expect((await asAdmin('PATCH', `/admin/taxes/${other.id}`, { name: 'VAT' })).statusCode).toBe(422);
    expect((await asAdmin('PATCH', `/admin/taxes/${vat.id}`, {})).statusCode).toBe(422);
    expect((await asAdmin('PATCH', `/admin/taxes/${vat.id}`, { percent: 500 })).statusCode).toBe(422);
    expect((await asAdmin('PATCH', '/admin/taxes/999999', { percent: 5 })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    // Its own name, in another case, is no conflict.
    expect((await asAdmin('PATCH', `/admin/taxes/${vat.id}`, { name: 'Vat' })).json().data.name).toBe('Vat');
  });
});
