import type { App } from '../app';
import { DAY_MS, isoDay } from '../lib/time';

/** A plan for tests, straight into the database; returns its id. */
export async function insertPlan(
  app: App,
  fields: Partial<{
    name: string;
    price_minor: number;
    discount_percent: number;
    max_height: number;
    screens: number;
    profiles: number;
    has_ads: number;
    position: number;
  }> = {},
): Promise<number> {
  const row = await app.ctx.db
    .insertInto('plans')
    .values({
      name: 'Test plan',
      price_minor: 19_900,
      duration_value: 1,
      duration: 'month',
      discount_percent: 0,
      position: 1,
      is_active: 1,
      max_height: 1080,
      screens: 2,
      has_ads: 0,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Gives a member a current subscription, as a paid checkout would (without the payment): for
 * tests about what a paying member sees. Makes a plan when none is given.
 */
export async function subscribe(
  app: App,
  userId: number,
  planId?: number,
): Promise<{ subscriptionId: number; planId: number }> {
  const plan = planId ?? (await insertPlan(app));
  const now = Date.now();
  const endsAt = now + 30 * DAY_MS;
  const row = await app.ctx.db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan_id: plan,
      checkout_session_id: null,
      status: 'active',
      start_date: isoDay(now),
      end_date: isoDay(endsAt),
      starts_at: now,
      ends_at: endsAt,
      created_at: now,
      cancelled_at: null,
      gateway: 'builtin',
      gateway_subscription_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.ctx.cache.delete(`member:${userId}:plan`);
  return { subscriptionId: row.id, planId: plan };
}
