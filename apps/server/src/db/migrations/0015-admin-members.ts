import type { Kysely } from 'kysely';

/** Schema for the members, mail and jobs console. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
