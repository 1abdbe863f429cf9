import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { SubmissionCastTable, SubmissionsTable } from '../../db/database';
import { inPage } from '../../db/sql-helpers';
import type { Page } from '../../lib/page';

export type SubmissionRow = Selectable<SubmissionsTable>;
export type SubmissionCastRow = Selectable<SubmissionCastTable>;
type SubmissionStatus = SubmissionRow['status'];
export type NewSubmission = Insertable<SubmissionsTable>;
export type NewSubmissionCast = Omit<Insertable<SubmissionCastTable>, 'submission_id'>;
export type SubmissionSummaryRow = Pick<
  Selectable<SubmissionsTable>,
  'id' | 'title' | 'status' | 'rejection_reason' | 'created_at' | 'thumbnail_image'
>;

/** All SQL over submissions and their cast, for the members who send them and the console's review. */
export function createSubmissionRepository(db: Db) {
  return {
    /** The submission and its cast, in order; call within a transaction so both land or neither. */
    async insert(submission: NewSubmission, cast: NewSubmissionCast[]): Promise<number> {
      const { id } = await db
        .insertInto('submissions')
        .values(submission)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('submission_cast')
        .values(cast.map((member) => ({ ...member, submission_id: id })))
        .execute();
      return id;
    },

    /** Which of these image URLs a submission or a cast member points to. */
    async imagesAmong(urls: string[]): Promise<Set<string>> {
      const used = new Set<string>();
      // In slices, to stay well under the databases' limits on bound parameters.
      for (let start = 0; start < urls.length; start += 500) {
        const slice = urls.slice(start, start + 500);
        const rows = await db
          .selectFrom('submissions')
          .select('thumbnail_image as url')
          .where('thumbnail_image', 'in', slice)
          .union(db.selectFrom('submission_cast').select('image as url').where('image', 'in', slice))
          .execute();
        for (const row of rows) used.add(row.url);
      }
      return used;
    },

    /** A member's own submissions, newest first. */
    listByUser: (userId: number): Promise<SubmissionSummaryRow[]> =>
      db
        .selectFrom('submissions')
        .select(['id', 'title', 'status', 'rejection_reason', 'created_at', 'thumbnail_image'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** Newest first, of one status or all. */
    async page(
      status: SubmissionStatus | undefined,
      page: Page,
    ): Promise<{ rows: SubmissionRow[]; total: number }> {
      const filtered = db
        .selectFrom('submissions')
        .$if(status !== undefined, (qb) => qb.where('status', '=', status!));
      const [rows, count] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .$call(inPage(page))
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    find: (id: number) => db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The cast of these submissions, in their order. */
    castOf: async (ids: number[]): Promise<SubmissionCastRow[]> =>
      ids.length === 0
        ? []
        : db
            .selectFrom('submission_cast')
            .selectAll()
            .where('submission_id', 'in', ids)
            .orderBy('submission_id')
            .orderBy('position')
            .orderBy('id')
            .execute(),

    /**
     * Records the outcome only while the submission is still pending, so of two reviews at once
     * exactly one wins. Returns whether this one did.
     */
    async decide(
      id: number,
      outcome: {
        status: 'approved' | 'rejected';
        reviewed_at: number;
        rejection_reason?: string;
        draft_title_id?: number;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('submissions')
        .set(outcome)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
