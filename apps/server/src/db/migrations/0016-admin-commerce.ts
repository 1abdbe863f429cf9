import type { Kysely } from 'kysely';

/** Schema for the submissions review, plans and taxes console. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
