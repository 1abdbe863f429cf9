import type { Kysely } from 'kysely';
import { flag, timestampType } from './dialect';

/**
 * Plans and taxes in the console: a plan's description (shown in the console and on its Stripe
 * product), and the Stripe product and live recurring Price each plan is kept in step with:
 * `pending_at` is set by a change that has not reached Stripe yet, and cleared by the sync.
 * `stripe_plans.plan_id` has no foreign key: the row outlives a deleted plan until its product
 * has been archived at Stripe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('plans').addColumn('description', 'varchar(500)').execute();
  await db.schema
    .createTable('stripe_plans')
    .addColumn('plan_id', 'integer', (col) => col.primaryKey())
    .addColumn('product_id', 'varchar(255)')
    .addColumn('price_id', 'varchar(255)')
    .addColumn('price_amount_minor', 'integer')
    .addColumn('price_currency', 'varchar(3)')
    .addColumn('price_interval', 'varchar(10)')
    .addColumn('price_interval_count', 'integer')
    .addColumn('price_version', 'integer', flag(0))
    .addColumn('pending_at', ts)
    .addColumn('synced_at', ts)
    .addColumn('last_error', 'text')
    .execute();
}
