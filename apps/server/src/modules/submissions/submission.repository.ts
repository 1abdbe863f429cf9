import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { SubmissionCastTable, SubmissionsTable } from '../../db/database';

export type NewSubmission = Insertable<SubmissionsTable>;
export type NewSubmissionCast = Omit<Insertable<SubmissionCastTable>, 'submission_id'>;
export type SubmissionSummaryRow = Pick<
  Selectable<SubmissionsTable>,
  'id' | 'title' | 'status' | 'rejection_reason' | 'created_at' | 'thumbnail_image'
>;

/** All SQL over submissions and their cast. */
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

    /** A member's own submissions, newest first. */
    listByUser: (userId: number): Promise<SubmissionSummaryRow[]> =>
      db
        .selectFrom('submissions')
        .select(['id', 'title', 'status', 'rejection_reason', 'created_at', 'thumbnail_image'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
  };
}
