import Database from 'better-sqlite3';
import { DATABASE_FILE } from './env';

/**
 * Whether a title has a full video still being transcoded by the server's background worker. The
 * API shows such a title without a full video until the transcode ends, so a journey that wants a
 * title without one must skip it: it gains a video in the middle of the run.
 */
export function hasVideoInPreparation(titleId: number): boolean {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        "select 1 from videos where title_id = ? and kind = 'main' and status in ('pending', 'processing')",
      )
      .get(titleId);
    return row !== undefined;
  } finally {
    db.close();
  }
}
