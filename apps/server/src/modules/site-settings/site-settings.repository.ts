import type { Db } from '../../db/connection';

/** The stored values by key, parsed from their JSON text; a key never saved is absent. */
export type StoredSettings = Record<string, { value: unknown; updatedAt: number }>;

export function createSiteSettingsRepository(db: Db) {
  return {
    async readAll(keys: readonly string[]): Promise<StoredSettings> {
      const rows = await db.selectFrom('settings').selectAll().where('key', 'in', keys).execute();
      const stored: StoredSettings = {};
      for (const row of rows) {
        try {
          stored[row.key] = { value: JSON.parse(row.value) as unknown, updatedAt: row.updated_at };
        } catch {
          // A hand-edited row that is not JSON counts as never saved: the default applies.
        }
      }
      return stored;
    },

    /** Saves every entry, inserting or replacing its row; an undefined one is left as it is. */
    async writeAll(values: Record<string, unknown>, now: number): Promise<void> {
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) continue;
        const text = JSON.stringify(value);
        await db
          .insertInto('settings')
          .values({ key, value: text, updated_at: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: now }))
          .execute();
      }
    },
  };
}
