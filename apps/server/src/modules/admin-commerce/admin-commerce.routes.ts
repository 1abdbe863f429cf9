import type { FastifyInstance } from 'fastify';
import { AdminCommerceEndpoints, AdminCommerceMessages as M } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createAdminPlansService } from './admin-plans.service';
import { createAdminTaxesService } from './admin-taxes.service';

/** The console's plans and taxes. */
export async function adminCommerceRoutes(app: FastifyInstance): Promise<void> {
  const plans = createAdminPlansService(app.ctx);
  const taxes = createAdminTaxesService(app.ctx);

  registerEndpoints(app, AdminCommerceEndpoints, {
    plans: async () => ok(await plans.list()),
    createPlan: async (request) => ok(await plans.create(request.user!.id, request.body), M.planCreated),
    updatePlan: async (request) =>
      ok(await plans.update(request.user!.id, request.params.id, request.body), M.planSaved),
    deletePlan: async (request) => {
      await plans.remove(request.user!.id, request.params.id);
      return ok(null, M.planDeleted);
    },
    taxes: async () => ok(await taxes.list()),
    createTax: async (request) => ok(await taxes.create(request.user!.id, request.body), M.taxCreated),
    updateTax: async (request) =>
      ok(await taxes.update(request.user!.id, request.params.id, request.body), M.taxSaved),
    deleteTax: async (request) => {
      await taxes.remove(request.user!.id, request.params.id);
      return ok(null, M.taxDeleted);
    },
  });
}
