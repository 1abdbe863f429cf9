import type { Db } from '../../db/connection';
import type { PlayQualityReportsTable } from '../../db/database';
import type { Insertable, Selectable } from 'kysely';

export type StoredReport = Selectable<PlayQualityReportsTable>;
/** What the figures read of a report, with its title's name. */
export type ReportForFigures = Pick<
  StoredReport,
  'title_id' | 'device_class' | 'start_ms' | 'failure' | 'played_ms' | 'stall_ms' | 'day'
> & { title_name: string };

/** The most reports one period's figures read, newest first: a bound on the console's work. */
export const FIGURES_REPORT_LIMIT = 200_000;

export function createPlaybackQualityRepository(db: Db) {
  return {
    /** Stores the reports; one whose play the member already reported is skipped. Returns how many were new. */
    async insert(reports: Insertable<PlayQualityReportsTable>[]): Promise<number> {
      const result = await db
        .insertInto('play_quality_reports')
        .values(reports)
        .onConflict((oc) => oc.columns(['user_id', 'play_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Reports received on `fromDay` (UTC, `YYYY-MM-DD`) or later, newest first, at most FIGURES_REPORT_LIMIT. */
    since(fromDay: string): Promise<ReportForFigures[]> {
      return db
        .selectFrom('play_quality_reports as r')
        .innerJoin('titles as t', 't.id', 'r.title_id')
        .select([
          'r.title_id',
          't.name as title_name',
          'r.device_class',
          'r.start_ms',
          'r.failure',
          'r.played_ms',
          'r.stall_ms',
          'r.day',
        ])
        .where('r.day', '>=', fromDay)
        .orderBy('r.id', 'desc')
        .limit(FIGURES_REPORT_LIMIT)
        .execute();
    },
  };
}
