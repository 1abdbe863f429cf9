import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { SubmissionCastTable, SubmissionsTable } from '../../db/database';
import type { Page } from '../../lib/page';
import { inPage } from '../../db/sql-helpers';

export type SubmissionRow = Selectable<SubmissionsTable>;
export type SubmissionCastRow = Selectable<SubmissionCastTable>;
type SubmissionStatus = SubmissionRow['status'];

/** SQL of the review queue: submissions with their cast. */
export function createSubmissionsReviewRepository(db: Db) {
  return {
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

    /** The address of the member who sent a submission, where its outcome is mailed. */
    memberEmail: async (userId: number): Promise<string | undefined> =>
      (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email,

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
