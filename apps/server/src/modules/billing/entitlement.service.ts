import type { AppContext } from '../../context';
import { createBillingRepository } from './billing.repository';

/** What a member's current plan allows; null without one. */
export interface MemberPlan {
  planId: number;
  name: string;
  /** Highest rendition height served. */
  maxHeight: number;
  screens: number;
  /** Household profiles the account may have. */
  profiles: number;
  hasAds: boolean;
}

/** Remembered this long, and forgotten at once when the member pays or a subscription ends. */
const PLAN_CACHE_SECONDS = 5;
const planKey = (userId: number) => `member:${userId}:plan`;

/** Decides what a member may watch; the only place that asks whether a member has a plan. */
export function createEntitlementService(ctx: AppContext) {
  const repo = createBillingRepository(ctx.db);
  return {
    async currentPlan(userId: number): Promise<MemberPlan | null> {
      return ctx.cache.getOrLoad(planKey(userId), PLAN_CACHE_SECONDS, async () => {
        const row = await repo.currentSubscription(userId, Date.now());
        return row
          ? {
              planId: row.plan_id,
              name: row.plan_name,
              maxHeight: row.max_height,
              screens: row.screens,
              profiles: row.profiles,
              hasAds: row.has_ads === 1,
            }
          : null;
      });
    },
    forget: (userId: number) => ctx.cache.delete(planKey(userId)),
  };
}
export type EntitlementService = ReturnType<typeof createEntitlementService>;
