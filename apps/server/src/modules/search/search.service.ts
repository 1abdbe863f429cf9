import { MAX_SUGGESTIONS, type MovieCard, type PageQuery, type Suggestion } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { toPage } from '../../lib/page';
import { CatalogNamespaces } from '../catalog/catalog-invalidation';
import { createCatalogService } from '../catalog/catalog.service';
import { createWatchlistService } from '../watchlist/watchlist.service';
import { ratingScope, type RatingFilter } from '../titles/rating-filter';
import { createSearchRepository, type TitleHit } from './search.repository';
import {
  containsAny,
  parseSearchText,
  typoGrams,
  typoGramsByWord,
  wordSimilarity,
  type SearchText,
} from './search-text';

/** Search serves the best this many results; later pages are empty. */
export const SEARCH_WINDOW = 1000;
/** Typo matches are picked from this many candidates sharing trigrams with the query. */
const TYPO_CANDIDATES = 200;
/** A typo match must reach this word similarity (0..1). */
export const TYPO_SIMILARITY = 0.5;
/** Typo matches alike in every word that make looking at names alike in any word unnecessary. */
const TYPO_ENOUGH = MAX_SUGGESTIONS;

export function createSearchService(ctx: AppContext) {
  const repo = createSearchRepository(ctx.db, ctx.dialect);
  const catalog = createCatalogService(ctx);
  const watchlist = createWatchlistService(ctx);
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    ctx.cache.getOrLoad(`${CatalogNamespaces.search}:${key}`, ctx.config.catalogCacheSeconds, load);

  /**
   * The first `needed` results in rank order: the exact name, names starting with the text (by
   * name), names holding every word (shortest first), names or descriptions holding every word
   * (newest first), then typo matches (most alike first). A tier is only asked for when the ones
   * before it cannot fill the window, so it is then known whole and duplicates can be dropped.
   */
  async function ranked(text: SearchText, needed: number, rating: RatingFilter): Promise<TitleHit[]> {
    const hits = await repo.prefix(text, needed, rating);
    if (hits.length >= needed || !text.hasLongWord) return hits;
    const seen = new Set(hits.map((hit) => hit.id));
    const add = (found: TitleHit[]) => {
      for (const hit of found) {
        if (hits.length >= needed) return;
        if (!seen.has(hit.id)) {
          seen.add(hit.id);
          hits.push({ id: hit.id, name: hit.name });
        }
      }
    };
    const named = await repo.nameMatches(text, needed - hits.length, rating);
    add(named);
    if (hits.length >= needed) return hits;
    // Name matches come again here; they are known whole, so asking for that many more is enough.
    add(await repo.anywhereMatches(text, needed - hits.length + named.length, rating));
    if (hits.length >= needed) return hits;
    // Both dialects keep only names that share a typo piece and score them the same way, so they
    // agree on what counts as similar. Names alike in every word are asked for first (few rows);
    // only when they give fewer than TYPO_ENOUGH matches are names alike in any word added. The
    // choice depends on the text alone, never on the page, so pages stay consistent.
    const grams = typoGrams(text.words);
    const score = (candidates: TitleHit[]) =>
      candidates
        .filter((hit) => !seen.has(hit.id) && containsAny(hit.name, grams))
        .map((hit) => ({ hit, score: wordSimilarity(text.phrase, hit.name) }))
        .filter((scored) => scored.score >= TYPO_SIMILARITY);
    let typos = score(await repo.typoCandidates(text, TYPO_CANDIDATES, true, rating));
    if (typos.length < TYPO_ENOUGH && typoGramsByWord(text.words).length > 1) {
      const known = new Set(typos.map(({ hit }) => hit.id));
      typos = typos.concat(
        score(await repo.typoCandidates(text, TYPO_CANDIDATES, false, rating)).filter(
          ({ hit }) => !known.has(hit.id),
        ),
      );
    }
    typos.sort((a, b) => b.score - a.score || a.hit.id - b.hit.id);
    add(typos.map(({ hit }) => hit));
    return hits;
  }

  return {
    /** At most MAX_SUGGESTIONS names for the search box, within the ratings; blank text gives none. */
    async suggestions(query: string, rating: RatingFilter): Promise<Suggestion[]> {
      const text = parseSearchText(query);
      if (!text) return [];
      return cached(`suggest:${ratingScope(rating)}:${text.phrase}`, async () =>
        (await ranked(text, MAX_SUGGESTIONS, rating)).map((hit) => ({ id: hit.id, name: hit.name })),
      );
    },

    /** One page of results within the ratings as cards, with the profile's watch list laid over. */
    async search(
      query: string,
      page: PageQuery,
      profileId: number,
      rating: RatingFilter,
    ): Promise<MovieCard[]> {
      const text = parseSearchText(query);
      const { offset } = toPage(page);
      if (!text || offset >= SEARCH_WINDOW) return [];
      const key = `page:${page.page}:${page.per_page}:${ratingScope(rating)}:${text.phrase}`;
      const cards = await cached(key, async () => {
        const hits = await ranked(text, Math.min(offset + page.per_page, SEARCH_WINDOW), rating);
        return catalog.cardsByIds(
          hits.slice(offset).map((hit) => hit.id),
          rating,
        );
      });
      return watchlist.withWatchList(cards, profileId);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
