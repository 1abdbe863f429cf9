import type { Kysely } from 'kysely';

/**
 * The pixel widths of the stored copies of each title's thumbnail (`320,480,640`: the smaller
 * WebP copies, then the original), which the cards' `srcset` is built from. Empty until they are
 * made: existing titles get theirs from the `titles.thumbnail-variants` job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('titles')
    .addColumn('thumbnail_widths', 'varchar(40)', (col) => col.notNull().defaultTo(''))
    .execute();
}
