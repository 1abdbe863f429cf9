import type { MovieCard, RecommendationRow } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { DAY_MS, isoDay } from '../../lib/time';
import { createCatalogRepository } from '../titles/catalog.repository';
import { overlayWatchList, toMovieCard, type CardRow } from '../titles/card.mapper';
import type { RatingFilter } from '../titles/rating-filter';
import { createSiteSettingsService } from '../site-settings/site-settings.service';
import { createWatchlistService } from '../watchlist/watchlist.service';
import { computeNeighbours, DEFAULT_SIMILARITY_OPTIONS, type Pause } from './item-similarity';
import { becauseRows, type ScoredNeighbour } from './because-rows';
import { createRecommendationsRepository } from './recommendations.repository';
import { forgetAllRows, newStamp, recommendationKeys } from './recommendations-cache';

/** Trending counts the views of this many days, today included. */
export const TRENDING_DAYS = 7;
/** Titles kept in the stored trending list (enough to fill a row after what a profile played). */
export const TRENDING_KEPT = 300;
/** Titles shown per row at most. */
export const ROW_SIZE = 20;
/** "Because you watched" rows at most, each from one of the profile's latest titles. */
export const BECAUSE_ROWS = 2;
/** The profile's latest titles tried as reasons (a title without neighbours left is skipped). */
export const SEED_CANDIDATES = 6;
/** The profile's latest titles whose neighbours lean each row towards its taste as a whole. */
export const RECENT_CONTEXT = 10;
/** Newest titles read for "New on …" before leaving out what the profile played. */
const NEWEST_READ = 120;

/**
 * A row as cached: everything but what each request reads afresh (the site's name in a heading and
 * the profile's watch list on the cards).
 */
interface AssembledRow {
  key: string;
  /** The title a "Because you watched" row is drawn from, with its name for the heading. */
  reason?: { id: number; name: string };
  items: MovieCard[];
}

export interface ComputeResult {
  titles: number;
  similarities: number;
  trending: number;
  ms: number;
}

export function createRecommendationsService(ctx: AppContext) {
  const repo = createRecommendationsRepository(ctx.db, ctx.dialect);
  const catalog = createCatalogRepository(ctx.db, ctx.dialect);
  const watchlist = createWatchlistService(ctx);
  const settings = createSiteSettingsService(ctx);
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    ctx.cache.getOrLoad(key, ctx.config.catalogCacheSeconds, load);

  /**
   * Titles sharing genres with seeds the job has not seen yet (played since its last run): the
   * same query as More Like This, for at most `wanted` seeds, so a first play already has a row.
   */
  async function liveNeighbours(seedIds: readonly number[], wanted: number, rating: RatingFilter) {
    const found = new Map<number, CardRow[]>();
    if (wanted <= 0 || seedIds.length === 0) return found;
    const genres = await catalog.genresOfTitles(seedIds);
    for (const seedId of seedIds) {
      if (found.size === wanted) break;
      const genreIds = genres.filter((genre) => genre.title_id === seedId).map((genre) => genre.id);
      const rows = await catalog.related(seedId, genreIds, ROW_SIZE * 2, rating);
      if (rows.length > 0) found.set(seedId, rows);
    }
    return found;
  }

  /**
   * The profile's rows, assembled from the stored tables: titles it played are left out, as
   * are titles above its ratings and any title already in an earlier row.
   */
  async function assemble(profileId: number, rating: RatingFilter): Promise<AssembledRow[]> {
    const [history, trending, newest] = await Promise.all([
      repo.history(profileId),
      // The same for every profile with this filter: shared through the cache.
      cached(recommendationKeys.trending(rating), async () => {
        const ids = await repo.trendingIds(TRENDING_KEPT);
        const rows = new Map((await catalog.cardsByIds(ids, rating)).map((row) => [row.id, row]));
        return ids.flatMap((id) => rows.get(id) ?? []);
      }),
      cached(recommendationKeys.newest(rating), () => repo.newest(NEWEST_READ, rating)),
    ]);
    const trendingIds = trending.map((row) => row.id);
    // Whatever the profile played (finished or not) or liked is never offered back to it.
    const seen = new Set(history.map((entry) => entry.titleId));
    const recentIds = history
      .filter((entry) => entry.played)
      .slice(0, Math.max(SEED_CANDIDATES, RECENT_CONTEXT))
      .map((entry) => entry.titleId);
    const seedIds = recentIds.slice(0, SEED_CANDIDATES);
    const neighboursOf: Map<number, ScoredNeighbour[]> = await repo.neighboursOf(recentIds);
    const liveRows = await liveNeighbours(
      seedIds.filter((id) => !neighboursOf.has(id)),
      BECAUSE_ROWS - seedIds.filter((id) => neighboursOf.has(id)).length,
      rating,
    );
    for (const [seedId, rows] of liveRows) {
      // Ranked by genres already: a falling score keeps that order within the row.
      neighboursOf.set(
        seedId,
        rows.map((row, index) => ({ id: row.id, score: 1 / (index + 2) })),
      );
    }
    // One read for the other cards any row could show: published and within the ratings only.
    const visible = new Map<number, CardRow>();
    for (const row of [...trending, ...newest]) visible.set(row.id, row);
    const wanted = new Set<number>(seedIds);
    for (const seedId of seedIds) for (const { id } of neighboursOf.get(seedId) ?? []) wanted.add(id);
    for (const id of visible.keys()) wanted.delete(id);
    for (const row of await catalog.cardsByIds([...wanted], rating)) visible.set(row.id, row);

    const used = new Set<number>();
    const hidden = (id: number) => !visible.has(id) || seen.has(id) || used.has(id);
    const pick = (ids: readonly number[]): CardRow[] => {
      const cards: CardRow[] = [];
      for (const id of ids) {
        if (cards.length === ROW_SIZE) break;
        if (hidden(id)) continue;
        used.add(id);
        cards.push(visible.get(id)!);
      }
      return cards;
    };

    const rows: { key: string; reason?: AssembledRow['reason']; cards: CardRow[] }[] = becauseRows(
      // A reason must be visible itself: its name is in the row's title.
      seedIds.filter((id) => visible.has(id)),
      recentIds.slice(0, RECENT_CONTEXT),
      neighboursOf,
      { rows: BECAUSE_ROWS, rowSize: ROW_SIZE },
      hidden,
      (id) => used.add(id),
    ).map(({ reasonId, ids }) => ({
      key: `because:${reasonId}`,
      reason: { id: reasonId, name: visible.get(reasonId)!.name },
      cards: ids.map((id) => visible.get(id)!),
    }));
    rows.push({ key: 'trending', cards: pick(trendingIds) });
    rows.push({ key: 'new', cards: pick(newest.map((row) => row.id)) });

    return rows
      .filter((row) => row.cards.length > 0)
      .map(({ cards, ...row }) => ({
        ...row,
        items: cards.map((card): MovieCard => toMovieCard(card, false)),
      }));
  }

  return {
    /**
     * The job's work: every title's neighbours from co-watching and likes (topped up from genres
     * and cast) and the trending list, replacing the stored ones.
     */
    async compute(pause?: Pause): Promise<ComputeResult> {
      const started = performance.now();
      const [interactions, features] = await Promise.all([repo.interactions(), repo.titleFeatures()]);
      const neighbours = await computeNeighbours(interactions, features, DEFAULT_SIMILARITY_OPTIONS, pause);
      const trending = await repo.trending(isoDay(Date.now() - (TRENDING_DAYS - 1) * DAY_MS), TRENDING_KEPT);
      const similarities = await repo.replace(neighbours, trending);
      // Every profile's rows and the shared trending list came from the lists just replaced.
      await forgetAllRows(ctx.cache);
      return {
        titles: neighbours.size,
        similarities,
        trending: trending.length,
        ms: Math.round(performance.now() - started),
      };
    },

    /**
     * The profile's rows: from the cache for `catalogCacheSeconds` (keyed by the profile, its
     * stamp and the rating filter), else assembled. A play, view or like by the profile forgets
     * them (forgetProfileRows), as do the job's run and any catalog write.
     */
    async forProfile(profileId: number, rating: RatingFilter): Promise<RecommendationRow[]> {
      const seconds = ctx.config.catalogCacheSeconds;
      const [rows, site, onList] = await Promise.all([
        (async () => {
          if (seconds <= 0) return assemble(profileId, rating);
          const stamp = await ctx.cache.getOrLoad(recommendationKeys.stamp(profileId), seconds, async () =>
            newStamp(),
          );
          return ctx.cache.getOrLoad(recommendationKeys.rows(profileId, stamp, rating), seconds, () =>
            assemble(profileId, rating),
          );
        })(),
        settings.current(),
        watchlist.titleIds(profileId),
      ]);
      return rows.map(({ key, reason, items }) => ({
        key,
        title: reason
          ? `Because you watched ${reason.name}`
          : key === 'trending'
            ? 'Trending now'
            : `New on ${site.site_name}`,
        ...(reason ? { reason_title_id: reason.id } : {}),
        items: overlayWatchList(items, onList),
      }));
    },
  };
}
export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
