import type { Kysely } from 'kysely';
import { notNull, references, sql, timestampType } from './dialect';

/**
 * Stripe: one customer per member (reused by every checkout), our reference on each checkout, a
 * subscription marked past due while its renewal is unpaid, and renewal payments keyed by the
 * gateway's invoice so each is recorded once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('stripe_customers')
    .addColumn('user_id', 'integer', (col) => references('users.id')(col).primaryKey())
    .addColumn('customer_id', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('past_due_at', ts).execute();
  await db.schema
    .createIndex('subscriptions_gateway_subscription_idx')
    .on('subscriptions')
    .column('gateway_subscription_id')
    .unique()
    .execute();
  await db.schema.alterTable('payments').addColumn('gateway_invoice_id', 'varchar(255)').execute();
  await db.schema
    .createIndex('payments_gateway_invoice_idx')
    .on('payments')
    .column('gateway_invoice_id')
    .unique()
    .execute();
  // Our own reference of a checkout, sent to the gateway before its session id is known.
  await db.schema.alterTable('checkout_sessions').addColumn('reference', 'varchar(64)').execute();
  await db.schema
    .createIndex('checkout_sessions_reference_idx')
    .on('checkout_sessions')
    .column('reference')
    .unique()
    .execute();
  await sql`create index checkout_sessions_open_idx on checkout_sessions (gateway, status, created_at)`.execute(
    db,
  );
}
