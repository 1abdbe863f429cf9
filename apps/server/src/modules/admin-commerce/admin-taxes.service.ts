import {
  AdminCommerceMessages,
  type AdminTax,
  type AdminTaxBodySchema,
  type AdminTaxPatchSchema,
} from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { NotFound, Validation } from '../../lib/errors';
import { auditActor, recordAudit } from '../audit/audit';
import { createPlansRepository, type TaxRow } from '../billing/plans.repository';

const M = AdminCommerceMessages;

const toAdminTax = (row: TaxRow): AdminTax => ({
  id: row.id,
  name: row.name,
  percent: row.percent,
  is_active: row.is_active === 1,
});

const taxSnapshot = (row: TaxRow) => {
  const { id: _id, ...fields } = toAdminTax(row);
  return fields;
};

/**
 * Tax lines in the console. Payment details and checkouts read the active lines when they are
 * opened (nothing caches them), so a change applies to the next checkout; an open checkout keeps
 * the breakdown it was opened with.
 */
export function createAdminTaxesService(ctx: AppContext) {
  const repo = createPlansRepository(ctx.db);

  async function refuseTakenName(trx: Db, name: string, exceptId: number | null): Promise<void> {
    if (await createPlansRepository(trx).taxNamed(name, exceptId)) {
      throw new Validation(M.taxNameTaken, { name: [M.taxNameTaken] });
    }
  }

  return {
    list: async (): Promise<AdminTax[]> => (await repo.taxes()).map(toAdminTax),

    create: (adminId: number, body: z.output<typeof AdminTaxBodySchema>): Promise<AdminTax> =>
      ctx.db.transaction().execute(async (trx) => {
        await refuseTakenName(trx, body.name, null);
        const row = await createPlansRepository(trx).insertTax({
          name: body.name,
          percent: body.percent,
          is_active: body.is_active ? 1 : 0,
        });
        await recordAudit(trx, {
          actor: await auditActor(trx, adminId),
          action: 'tax.create',
          entityType: 'tax',
          entityId: row.id,
          after: taxSnapshot(row),
        });
        return toAdminTax(row);
      }),

    update: (adminId: number, id: number, patch: z.output<typeof AdminTaxPatchSchema>): Promise<AdminTax> =>
      ctx.db.transaction().execute(async (trx) => {
        const taxes = createPlansRepository(trx);
        const before = await taxes.tax(id);
        if (!before) throw new NotFound(M.taxNotFound);
        if (patch.name !== undefined) await refuseTakenName(trx, patch.name, id);
        const { is_active, ...fields } = patch;
        const after = await taxes.updateTax(id, {
          ...fields,
          ...(is_active === undefined ? {} : { is_active: is_active ? 1 : 0 }),
        });
        await recordAudit(trx, {
          actor: await auditActor(trx, adminId),
          action: 'tax.update',
          entityType: 'tax',
          entityId: id,
          before: taxSnapshot(before),
          after: taxSnapshot(after),
        });
        return toAdminTax(after);
      }),

    remove: (adminId: number, id: number): Promise<void> =>
      ctx.db.transaction().execute(async (trx) => {
        const taxes = createPlansRepository(trx);
        const before = await taxes.tax(id);
        if (!before) throw new NotFound(M.taxNotFound);
        await taxes.deleteTax(id);
        await recordAudit(trx, {
          actor: await auditActor(trx, adminId),
          action: 'tax.delete',
          entityType: 'tax',
          entityId: id,
          before: taxSnapshot(before),
        });
      }),
  };
}
