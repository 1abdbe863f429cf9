import type { Kysely } from 'kysely';
import { flag, isPostgres, notNull, references, sql, timestampType, withId } from './dialect';

/**
 * Billing: plans carry the limits the service enforces, subscriptions and checkouts carry exact
 * times and the breakdown that was charged, payments keep the history, and a member has at most
 * one current (active or cancelled-until-its-end) subscription, enforced by a partial unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('plans').addColumn('max_height', 'integer', flag(1)).execute();
  await db.schema.alterTable('plans').addColumn('screens', 'integer', flag(1)).execute();
  await db.schema.alterTable('plans').addColumn('has_ads', 'integer', flag(0)).execute();

  await db.schema
    .alterTable('subscriptions')
    .addColumn('starts_at', ts, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('ends_at', ts, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('gateway', 'varchar(20)', (col) => col.notNull().defaultTo('builtin'))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('gateway_subscription_id', 'varchar(255)').execute();
  await sql`create unique index subscriptions_one_current_idx on subscriptions (user_id)
    where status in ('active', 'cancelled')`.execute(db);

  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('expires_at', ts, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('breakdown_json', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('checkout_sessions').addColumn('replaces_subscription_id', 'integer').execute();
  await db.schema.alterTable('checkout_sessions').addColumn('card_brand', 'varchar(20)').execute();
  await db.schema.alterTable('checkout_sessions').addColumn('card_last4', 'varchar(4)').execute();
  await db.schema.alterTable('checkout_sessions').addColumn('fulfilled_at', ts).execute();

  await withId(db, db.schema.createTable('payments'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('subscription_id', 'integer', references('subscriptions.id'))
    .addColumn('checkout_session_id', 'varchar(64)', (col) => col.unique())
    .addColumn('amount_minor', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('breakdown_json', 'text', notNull)
    .addColumn('card_brand', 'varchar(20)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('period_start', ts, notNull)
    .addColumn('period_end', ts, notNull)
    .addColumn('paid_at', ts, notNull)
    .execute();
  await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'paid_at']).execute();
  if (isPostgres(db)) {
    // Event ids of payment gateways, recorded with their effects so a redelivery does nothing.
    await sql`alter table payment_events add column event_id varchar(255)`.execute(db);
  } else {
    await db.schema.alterTable('payment_events').addColumn('event_id', 'varchar(255)').execute();
  }
  await db.schema
    .createIndex('payment_events_event_idx')
    .on('payment_events')
    .column('event_id')
    .unique()
    .execute();
}
