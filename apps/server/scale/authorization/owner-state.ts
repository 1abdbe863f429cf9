import type { ScaleSite } from '../harness/site';

/**
 * Everything the database holds of one member: their users row and their rows of every table
 * with a user_id column (found in the schema, so a new table is covered). Compared before and
 * after someone else's call, it shows any change made to the member's data.
 */
export async function ownerState(site: ScaleSite, userId: number): Promise<Map<string, string>> {
  const tables = await site.sql<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = current_schema() and column_name = 'user_id' order by table_name`,
  );
  const state = new Map<string, string>();
  state.set('users', JSON.stringify(await site.sql('select * from users where id = $1', [userId])));
  for (const { table_name: table } of tables) {
    const rows = await site.sql(`select * from "${table}" where user_id = $1 order by 1`, [userId]);
    state.set(table, JSON.stringify(rows));
  }
  return state;
}

/** The tables whose rows of the member differ. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const tables = new Set([...before.keys(), ...after.keys()]);
  return [...tables].filter((table) => before.get(table) !== after.get(table));
}
