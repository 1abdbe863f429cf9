import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

/** Helpers that give a column the same meaning on SQLite and PostgreSQL. Frozen with the migrations. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Epoch milliseconds need 64 bits on PostgreSQL. */
export const timestampType = (db: Kysely<unknown>) => (isPostgres(db) ? 'bigint' : 'integer');
export const floatType = (db: Kysely<unknown>) => (isPostgres(db) ? 'double precision' : 'real');

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
export const flag = (defaultValue: 0 | 1) => (col: ColumnDefinitionBuilder) =>
  col.notNull().defaultTo(defaultValue);
export const references = (target: string) => (col: ColumnDefinitionBuilder) =>
  col.notNull().references(target).onDelete('cascade');

export { sql };
