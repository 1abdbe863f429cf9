/** Runs one read-only statement and returns its rows. */
export type RunQuery = (sql: string) => Promise<Array<Record<string, unknown>>>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Kysely's own bookkeeping: its rows say which migrations ran, which says the schema version. */
export const MIGRATION_TABLE = 'kysely_migration';

const TABLES_SQL = {
  sqlite: `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  postgres: `select table_name as name from information_schema.tables
             where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
} as const;

export function listTables(query: RunQuery, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  return query(TABLES_SQL[dialect]).then((rows) => rows.map((row) => String(row.name)));
}

export async function countRows(query: RunQuery, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await query(`select count(*) as n from ${quoted(table)}`);
    counts[table] = Number(row?.n);
  }
  return counts;
}

/** The last migration applied, or null for a database the site never started on. */
export async function schemaVersion(query: RunQuery, tables: string[]): Promise<string | null> {
  if (!tables.includes(MIGRATION_TABLE)) return null;
  const [row] = await query(`select name from ${MIGRATION_TABLE} order by name desc limit 1`);
  return row ? String(row.name) : null;
}

/** Columns holding `/media/<key>` URLs of files in the data folder's store. */
const MEDIA_URL_COLUMNS: Array<[table: string, column: string, condition?: string]> = [
  ['users', 'profile_image'],
  ['titles', 'poster_image'],
  ['titles', 'thumbnail_image'],
  ['people', 'profile_image'],
  ['episodes', 'thumbnail_image'],
  ['banners', 'poster_url'],
  ['submissions', 'thumbnail_image'],
  ['submission_cast', 'image'],
  ['videos', 'url', `type = 'hls' and status = 'ready'`],
];

const MEDIA_URL_PREFIX = '/media/';

/** The store keys the database points at (`uploads/avatars/x.webp`, `private/videos/7/master.m3u8`). */
export async function referencedMediaKeys(query: RunQuery, tables: string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const [table, column, condition] of MEDIA_URL_COLUMNS) {
    if (!tables.includes(table)) continue;
    const rows = await query(
      `select distinct ${quoted(column)} as url from ${quoted(table)}` +
        ` where ${quoted(column)} like '${MEDIA_URL_PREFIX}%'${condition ? ` and ${condition}` : ''}`,
    );
    for (const row of rows) keys.add(String(row.url).slice(MEDIA_URL_PREFIX.length).split(/[?#]/)[0]!);
  }
  return keys;
}
