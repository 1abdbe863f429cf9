import type { Db } from '../../db/connection';
import type { Page } from '../../lib/page';
import { publishedCards, type CardRow } from '../titles/card.mapper';
import type { RatingFilter } from '../titles/rating-filter';
import { inPage } from '../../db/sql-helpers';

export function createWatchlistRepository(db: Db) {
  return {
    /** Removes the title from the member's list; true when it was there. */
    async remove(userId: number, titleId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('watchlist')
        .where('user_id', '=', userId)
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async add(userId: number, titleId: number, now: number): Promise<void> {
      await db
        .insertInto('watchlist')
        .values({ user_id: userId, title_id: titleId, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'title_id']).doNothing())
        .execute();
    },
    /** Every title id on the member's list, published or not. */
    async titleIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('watchlist')
        .select('watchlist.title_id')
        .where('watchlist.user_id', '=', userId)
        .execute();
      return rows.map((row) => row.title_id);
    },
    /** One page of the member's published titles within the ratings as cards, most recently added first. */
    pageOfCards(userId: number, page: Page, rating: RatingFilter): Promise<CardRow[]> {
      return db
        .selectFrom('watchlist')
        .innerJoin(publishedCards(db, rating), 'cards.id', 'watchlist.title_id')
        .selectAll('cards')
        .where('watchlist.user_id', '=', userId)
        .orderBy('watchlist.created_at', 'desc')
        .orderBy('watchlist.title_id', 'desc')
        .$call(inPage(page))
        .execute();
    },
  };
}
