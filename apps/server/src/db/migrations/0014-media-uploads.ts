import type { Kysely } from 'kysely';

/** Schema for the resumable media uploads. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
