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

/**
 * Waits until the title has no full video left in transcoding; false when `timeoutMs` passed
 * first. Every demo movie has one, published in the background in the order the first screens
 * need them.
 */
export async function videosPrepared(titleId: number, timeoutMs = 150_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (hasVideoInPreparation(titleId)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return true;
}

/** The titles whose videos are ready first, in their order, then those still being transcoded. */
export function readyFirst<T extends { id: number }>(cards: readonly T[]): T[] {
  const waiting = new Set(cards.filter((card) => hasVideoInPreparation(card.id)));
  return [...cards.filter((card) => !waiting.has(card)), ...cards.filter((card) => waiting.has(card))];
}
