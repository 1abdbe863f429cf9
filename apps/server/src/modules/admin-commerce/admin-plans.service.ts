import {
  AdminCommerceMessages,
  MAX_DURATION,
  type AdminPlan,
  type AdminPlanBodySchema,
  type AdminPlanList,
  type AdminPlanPatchSchema,
} from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { Conflict, NotFound, Validation } from '../../lib/errors';
import { auditActor, recordAudit } from '../audit/audit';
import { createEntitlementService } from '../billing/entitlement.service';
import { percentOf } from '../billing/money';
import { planLimitations } from '../billing/plan-limitations';
import { createPlansRepository, type PlanRow, type StripePlanRow } from '../billing/plans.repository';
import { stripePriceOf } from './stripe-plan-sync';

const M = AdminCommerceMessages;
type PlanBody = z.output<typeof AdminPlanBodySchema>;
type PlanPatch = z.output<typeof AdminPlanPatchSchema>;

/** What the audit log keeps of a plan. */
const planSnapshot = (plan: PlanRow) => ({
  name: plan.name,
  description: plan.description,
  price_minor: plan.price_minor,
  discount_percent: plan.discount_percent,
  duration: plan.duration,
  duration_value: plan.duration_value,
  max_height: plan.max_height,
  screens: plan.screens,
  profiles: plan.profiles,
  has_ads: plan.has_ads === 1,
  is_active: plan.is_active === 1,
  position: plan.position,
});

const limitsChanged = (before: PlanRow, after: PlanRow) =>
  before.max_height !== after.max_height ||
  before.screens !== after.screens ||
  before.profiles !== after.profiles ||
  before.has_ads !== after.has_ads;

/** The plan's columns from a body or a patch (booleans stored as 0/1). */
function planColumns(fields: Partial<PlanBody>) {
  const { has_ads, is_active, ...rest } = fields;
  return {
    ...rest,
    ...(has_ads === undefined ? {} : { has_ads: has_ads ? 1 : 0 }),
    ...(is_active === undefined ? {} : { is_active: is_active ? 1 : 0 }),
  };
}

/**
 * Plans in the console. Every write is one transaction with its audit entry and, when Stripe is
 * configured, the job that brings the plan's Stripe product and Price in step. A price applies to
 * checkouts opened after it is saved: a checkout keeps the breakdown it was opened with, and a
 * subscription renews at what its first checkout charged (see docs/decisions/0019).
 */
export function createAdminPlansService(ctx: AppContext) {
  const repo = createPlansRepository(ctx.db);
  const stripeConfigured = ctx.stripeCatalog !== null;
  const { currency } = ctx.config;

  function toAdminPlan(
    plan: PlanRow,
    usage: { subscribers: number; bought: boolean },
    stripe: StripePlanRow | undefined,
  ): AdminPlan {
    const desired = stripePriceOf(plan, currency);
    return {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      price_minor: plan.price_minor,
      discount_percent: plan.discount_percent,
      price_after_discount_minor: plan.price_minor - percentOf(plan.price_minor, plan.discount_percent),
      currency,
      duration: plan.duration,
      duration_value: plan.duration_value,
      max_height: plan.max_height,
      screens: plan.screens,
      profiles: plan.profiles,
      has_ads: plan.has_ads === 1,
      is_active: plan.is_active === 1,
      position: plan.position,
      limitations: planLimitations(plan),
      current_subscribers: usage.subscribers,
      bought: usage.bought,
      stripe:
        stripeConfigured && stripe
          ? {
              product_id: stripe.product_id,
              price_id: stripe.price_id,
              synced_at: stripe.synced_at,
              in_sync:
                stripe.pending_at === null &&
                stripe.last_error === null &&
                stripe.price_amount_minor === desired.amountMinor &&
                stripe.price_interval === desired.interval &&
                stripe.price_interval_count === desired.intervalCount,
              last_error: stripe.last_error,
            }
          : null,
    };
  }

  async function onePlan(id: number): Promise<AdminPlan> {
    const now = Date.now();
    const [plan, subscribers, bought, stripe] = await Promise.all([
      repo.plan(id),
      repo.currentSubscribers(now),
      repo.isBought(id),
      repo.stripePlan(id),
    ]);
    if (!plan) throw new NotFound(M.planNotFound);
    return toAdminPlan(plan, { subscribers: subscribers.get(id) ?? 0, bought }, stripe);
  }

  async function refuseTakenName(trx: Db, name: string, exceptId: number | null): Promise<void> {
    if (await createPlansRepository(trx).planNamed(name, exceptId)) {
      throw new Validation(M.planNameTaken, { name: [M.planNameTaken] });
    }
  }

  async function queueStripeSync(trx: Db, planId: number): Promise<void> {
    if (!stripeConfigured) return;
    await createPlansRepository(trx).markStripePending(planId, Date.now());
    await ctx.jobs.enqueue('admin-commerce.sync-stripe-plan', { planId }, { within: trx });
  }

  return {
    async list(): Promise<AdminPlanList> {
      const now = Date.now();
      const [plans, subscribers, bought, stripePlans] = await Promise.all([
        repo.plans(),
        repo.currentSubscribers(now),
        repo.boughtPlanIds(),
        repo.stripePlans(),
      ]);
      const stripeOf = new Map(stripePlans.map((row) => [row.plan_id, row]));
      return {
        plans: plans.map((plan) =>
          toAdminPlan(
            plan,
            { subscribers: subscribers.get(plan.id) ?? 0, bought: bought.has(plan.id) },
            stripeOf.get(plan.id),
          ),
        ),
        currency,
        stripe_configured: stripeConfigured,
      };
    },

    async create(adminId: number, body: PlanBody): Promise<AdminPlan> {
      const created = await ctx.db.transaction().execute(async (trx) => {
        await refuseTakenName(trx, body.name, null);
        const plan = await createPlansRepository(trx).insertPlan(
          planColumns(body) as PlanBody & {
            has_ads: number;
            is_active: number;
          },
        );
        await recordAudit(trx, {
          actor: await auditActor(trx, adminId),
          action: 'plan.create',
          entityType: 'plan',
          entityId: plan.id,
          after: planSnapshot(plan),
        });
        await queueStripeSync(trx, plan.id);
        return plan;
      });
      return onePlan(created.id);
    },

    async update(adminId: number, id: number, patch: PlanPatch): Promise<AdminPlan> {
      const { before, after } = await ctx.db.transaction().execute(async (trx) => {
        const plans = createPlansRepository(trx);
        const before = await plans.plan(id);
        if (!before) throw new NotFound(M.planNotFound);
        const duration = patch.duration ?? before.duration;
        const durationValue = patch.duration_value ?? before.duration_value;
        if (durationValue > MAX_DURATION[duration]) {
          throw new Validation(M.durationValueInvalid, { duration_value: [M.durationValueInvalid] });
        }
        if (patch.name !== undefined) await refuseTakenName(trx, patch.name, id);
        const after = await plans.updatePlan(id, planColumns(patch));
        await recordAudit(trx, {
          actor: await auditActor(trx, adminId),
          action: 'plan.update',
          entityType: 'plan',
          entityId: id,
          before: planSnapshot(before),
          after: planSnapshot(after),
        });
        await queueStripeSync(trx, id);
        return { before, after };
      });
      if (limitsChanged(before, after)) {
        // Members on the plan get its new limits on their next request, not after the cache lifetime.
        const entitlement = createEntitlementService(ctx);
        for (const userId of await repo.currentSubscriberIds(id, Date.now()))
          await entitlement.forget(userId);
      }
      return onePlan(id);
    },

    /** Deletes a plan nobody has bought; one that was bought is deactivated instead (409). */
    async remove(adminId: number, id: number): Promise<void> {
      await ctx.db.transaction().execute(async (trx) => {
        const plans = createPlansRepository(trx);
        const plan = await plans.plan(id);
        if (!plan) throw new NotFound(M.planNotFound);
        if (await plans.isBought(id)) throw new Conflict(M.planBought);
        await plans.deletePlan(id);
        await recordAudit(trx, {
          actor: await auditActor(trx, adminId),
          action: 'plan.delete',
          entityType: 'plan',
          entityId: id,
          before: planSnapshot(plan),
        });
        // The sync archives the product of a plan that no longer exists.
        if (stripeConfigured && (await plans.stripePlan(id))) {
          await ctx.jobs.enqueue('admin-commerce.sync-stripe-plan', { planId: id }, { within: trx });
        }
      });
    },
  };
}
export type AdminPlansService = ReturnType<typeof createAdminPlansService>;
