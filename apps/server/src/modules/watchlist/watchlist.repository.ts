import type { Db } from '../../db/connection';
import type { Page } from '../../lib/page';
import { publishedCards, type CardRow } from '../titles/card.mapper';
import type { RatingFilter } from '../titles/rating-filter';
import { inPage } from '../../db/sql-helpers';

/** Watch lists are a profile's own; `user_id` names the account the profile belongs to. */
export function createWatchlistRepository(db: Db) {
  return {
    /** Removes the title from the profile's list; true when it was there. */
    async remove(profileId: number, titleId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('watchlist')
        .where('profile_id', '=', profileId)
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async add(owner: { userId: number; profileId: number }, titleId: number, now: number): Promise<void> {
      await db
        .insertInto('watchlist')
        .values({ user_id: owner.userId, profile_id: owner.profileId, title_id: titleId, created_at: now })
        .onConflict((conflict) => conflict.columns(['profile_id', 'title_id']).doNothing())
        .execute();
    },
    /** Every title id on the profile's list, published or not. */
    async titleIds(profileId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('watchlist')
        .select('watchlist.title_id')
        .where('watchlist.profile_id', '=', profileId)
        .execute();
      return rows.map((row) => row.title_id);
    },
    /** One page of the profile's published titles within the ratings as cards, most recently added first. */
    pageOfCards(profileId: number, page: Page, rating: RatingFilter): Promise<CardRow[]> {
      return db
        .selectFrom('watchlist')
        .innerJoin(publishedCards(db, rating), 'cards.id', 'watchlist.title_id')
        .selectAll('cards')
        .where('watchlist.profile_id', '=', profileId)
        .orderBy('watchlist.created_at', 'desc')
        .orderBy('watchlist.title_id', 'desc')
        .$call(inPage(page))
        .execute();
    },
  };
}
