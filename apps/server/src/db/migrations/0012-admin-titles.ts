import type { Kysely } from 'kysely';

/** Schema for the titles console (create/edit every field, seasons and episodes). */
export async function up(_db: Kysely<unknown>): Promise<void> {}
