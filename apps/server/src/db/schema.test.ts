import path from 'node:path';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../testing/stores';
import { createDb, migrateToLatest, type Db } from './connection';
import { migrationProvider } from './migrations/index';

/**
 * The row types of db/database.ts are written by hand; these tests hold them against the schema
 * the migrations build, on SQLite and (with TEST_DATABASE_URL) on PostgreSQL.
 */

interface DeclaredColumn {
  nullable: boolean;
  kind: 'number' | 'string';
}

/** Table → column → nullability and kind, read from the `Database` interface with the compiler. */
function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  const file = path.join(import.meta.dirname, 'database.ts');
  const program = ts.createProgram([file], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  )!;
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of database.members) {
    const tableName = (member.name as ts.Identifier).text;
    const rowType = checker.getTypeAtLocation(member);
    const columns = new Map<string, DeclaredColumn>();
    for (const property of rowType.getProperties()) {
      // What a select returns: ColumnType<Select, …> and Generated<T> are read through their __select__.
      let type = checker.getTypeOfSymbolAtLocation(property, member);
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, member);
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
      const numeric = parts.some((part) => part.flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike));
      columns.set(property.name, { nullable, kind: numeric ? 'number' : 'string' });
    }
    tables.set(tableName, columns);
  }
  return tables;
}

/**
 * The full-text index of titles, read with SQL of its own (search module), not as typed rows:
 * SQLite's FTS table with its shadow tables, PostgreSQL's generated `titles.search_vector`.
 */
const isSearchIndex = (table: string) => table === 'title_search' || table.startsWith('title_search_');
const isSearchColumn = (table: string, column: string) => table === 'titles' && column === 'search_vector';

const NUMERIC =
  /^(integer|int|int2|int4|int8|bigint|smallint|real|double precision|float4|float8|numeric|serial|bigserial)$/i;

/** Table → column → nullability and kind, as the migrated database describes itself. */
async function migratedSchema(db: Db) {
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of await db.introspection.getTables()) {
    if (table.name.startsWith('kysely_') || isSearchIndex(table.name)) continue;
    tables.set(
      table.name,
      new Map(
        table.columns
          .filter((column) => !isSearchColumn(table.name, column.name))
          .map((column) => [
            column.name,
            { nullable: column.isNullable, kind: NUMERIC.test(column.dataType) ? 'number' : 'string' },
          ]),
      ),
    );
  }
  return tables;
}

const describe_ = (schema: Map<string, Map<string, DeclaredColumn>>) =>
  Object.fromEntries(
    [...schema].map(([table, columns]) => [
      table,
      Object.fromEntries([...columns].map(([name, column]) => [name, column])),
    ]),
  );

const postgresServer = process.env.TEST_DATABASE_URL;

let postgres: FreshPostgresDatabase | null = null;
let open: Db | null = null;
afterEach(async () => {
  await open?.destroy();
  open = null;
  await postgres?.drop();
  postgres = null;
});

async function emptyDatabase(): Promise<{ db: Db; dialect: 'sqlite' | 'postgres' }> {
  if (postgresServer) {
    postgres = await freshPostgresDatabase(postgresServer);
    const created = createDb(postgres.url);
    open = created.db;
    return created;
  }
  const created = createDb('sqlite::memory:');
  open = created.db;
  return created;
}

describe(`the row types against the migrated schema (${postgresServer ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('declares exactly the tables and columns the migrations create, with their nullability and kind', async () => {
    const { db, dialect } = await emptyDatabase();
    await migrateToLatest(db);
    const actual = await migratedSchema(db);
    const declared = declaredSchema();
    if (dialect === 'sqlite') {
      // SQLite reports an INTEGER PRIMARY KEY as nullable; it never holds null.
      for (const [table, columns] of actual) {
        for (const [name, column] of columns) {
          if (
            column.nullable &&
            declared.get(table)?.get(name)?.nullable === false &&
            isPrimaryKey(table, name)
          ) {
            column.nullable = false;
          }
        }
      }
    }
    expect(describe_(declared)).toEqual(describe_(actual));
  });
});

/** Primary keys of the schema, which SQLite reports without NOT NULL. */
function isPrimaryKey(table: string, column: string): boolean {
  return column === 'id' || PRIMARY_KEYS.has(`${table}.${column}`);
}
const PRIMARY_KEYS = new Set([
  'video_sources.video_id',
  'stripe_plans.plan_id',
  'settings.key',
  'stripe_customers.user_id',
]);

describe('the repair of the console migrations that first shipped empty', () => {
  const placeholders: Record<string, Migration> = Object.fromEntries(
    [
      '0012-admin-titles',
      '0013-admin-library',
      '0014-media-uploads',
      '0015-admin-members',
      '0016-admin-commerce',
    ].map((name) => [name, { up: async () => {} }]),
  );

  it('gives a database migrated while 0012–0016 were empty the tables, columns and indexes they add', async () => {
    const { db } = await emptyDatabase();
    const all = await migrationProvider.getMigrations();
    const asShippedThen: MigrationProvider = {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(all)
            .filter(([name]) => name < '0018')
            .map(([name, migration]) => [name, placeholders[name] ?? migration]),
        ),
    };
    const { error } = await new Migrator({ db, provider: asShippedThen }).migrateToLatest();
    expect(error).toBeUndefined();
    const before = await migratedSchema(db);
    expect(before.has('video_sources')).toBe(false);
    expect(before.get('plans')?.has('description')).toBe(false);

    await migrateToLatest(db);
    const repaired = await migratedSchema(db);
    // Same tables as the row types declare, with the columns 0013 and 0016 add.
    expect([...repaired.keys()].sort()).toEqual([...declaredSchema().keys()].sort());
    expect([...repaired.get('submissions')!.keys()]).toContain('draft_title_id');
    expect([...repaired.get('stripe_plans')!.keys()]).toContain('price_version');
  });

  it('leaves a database that already has them as it was', async () => {
    const { db } = await emptyDatabase();
    await migrateToLatest(db);
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    expect(error).toBeUndefined();
  });
});
