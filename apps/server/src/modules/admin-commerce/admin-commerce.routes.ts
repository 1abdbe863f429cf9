import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCommerceMessages as M,
  AdminCommercePaths,
  AdminPlanBodySchema,
  AdminPlanListSchema,
  AdminPlanPatchSchema,
  AdminPlanSchema,
  AdminTaxBodySchema,
  AdminTaxPatchSchema,
  AdminTaxSchema,
  IdParamsSchema,
  NullDataEnvelopeSchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createAdminPlansService } from './admin-plans.service';
import { createAdminTaxesService } from './admin-taxes.service';

const security = [{ bearer: [] }];
const plansTags = ['admin: plans'];
const taxesTags = ['admin: taxes'];

/** The console's plans and taxes (admin scope). */
export async function adminCommerceRoutes(app: FastifyInstance): Promise<void> {
  const plans = createAdminPlansService(app.ctx);
  const taxes = createAdminTaxesService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    AdminCommercePaths.plans,
    {
      schema: {
        tags: plansTags,
        security,
        description:
          'Every plan, active or not, with its limits, the limitation texts members see, how many members are on it, whether it was ever bought, and its Stripe sync state.',
        response: { 200: SuccessEnvelope(AdminPlanListSchema) },
      },
    },
    async () => ok(await plans.list()),
  );

  api.post(
    AdminCommercePaths.plans,
    {
      schema: {
        tags: plansTags,
        security,
        description:
          'Creates a plan. Money is integer minor units (paise). With Stripe configured, a product and a recurring Price are created for it in the background.',
        body: AdminPlanBodySchema,
        response: { 201: SuccessEnvelope(AdminPlanSchema) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await plans.create(request.user!.id, request.body), M.planCreated);
    },
  );

  api.patch(
    AdminCommercePaths.plan,
    {
      schema: {
        tags: plansTags,
        security,
        description:
          "Changes any of the plan's fields. A new price applies to checkouts opened afterwards; open checkouts and existing subscriptions keep theirs. With Stripe configured, a change of price, discount or duration creates a new Stripe Price and archives the old one.",
        params: IdParamsSchema,
        body: AdminPlanPatchSchema,
        response: { 200: SuccessEnvelope(AdminPlanSchema) },
      },
    },
    async (request) => ok(await plans.update(request.user!.id, request.params.id, request.body), M.planSaved),
  );

  api.delete(
    AdminCommercePaths.plan,
    {
      schema: {
        tags: plansTags,
        security,
        description:
          'Deletes a plan nobody has bought or checked out; 409 otherwise (deactivate it with PATCH instead).',
        params: IdParamsSchema,
        response: { 200: NullDataEnvelopeSchema },
      },
    },
    async (request) => {
      await plans.remove(request.user!.id, request.params.id);
      return ok(null, M.planDeleted);
    },
  );

  api.get(
    AdminCommercePaths.taxes,
    {
      schema: {
        tags: taxesTags,
        security,
        description: 'Every tax line; active ones are added to the payment details of new checkouts.',
        response: { 200: SuccessEnvelope(z.array(AdminTaxSchema)) },
      },
    },
    async () => ok(await taxes.list()),
  );

  api.post(
    AdminCommercePaths.taxes,
    {
      schema: {
        tags: taxesTags,
        security,
        description: 'Creates a tax line (percent of the discounted price, to two decimals).',
        body: AdminTaxBodySchema,
        response: { 201: SuccessEnvelope(AdminTaxSchema) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await taxes.create(request.user!.id, request.body), M.taxCreated);
    },
  );

  api.patch(
    AdminCommercePaths.tax,
    {
      schema: {
        tags: taxesTags,
        security,
        description: 'Changes a tax line; new checkouts use it at once, open ones keep their breakdown.',
        params: IdParamsSchema,
        body: AdminTaxPatchSchema,
        response: { 200: SuccessEnvelope(AdminTaxSchema) },
      },
    },
    async (request) => ok(await taxes.update(request.user!.id, request.params.id, request.body), M.taxSaved),
  );

  api.delete(
    AdminCommercePaths.tax,
    {
      schema: {
        tags: taxesTags,
        security,
        description: 'Deletes a tax line; payments already made keep it in their receipts.',
        params: IdParamsSchema,
        response: { 200: NullDataEnvelopeSchema },
      },
    },
    async (request) => {
      await taxes.remove(request.user!.id, request.params.id);
      return ok(null, M.taxDeleted);
    },
  );
}
