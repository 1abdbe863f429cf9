import type { Kysely } from 'kysely';

/** Schema for the genres, people and banners console. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
