import { MAX_SUGGESTIONS, type MovieCard, type PageQuery, type Suggestion } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { createCatalogService } from '../catalog/catalog.service';
import { createSearchRepository, type TitleHit } from './search.repository';
import { containsAny, parseSearchText, wordSimilarity, wordTrigrams, type SearchText } from './search-text';

/** Search serves the best this many results; later pages are empty. */
export const SEARCH_WINDOW = 1000;
/** Typo matches are picked from this many candidates sharing trigrams with the query. */
const TYPO_CANDIDATES = 200;
/** A typo match must reach this word similarity (0..1). */
export const TYPO_SIMILARITY = 0.5;

export function createSearchService(ctx: AppContext) {
  const repo = createSearchRepository(ctx.db, ctx.dialect);
  const catalog = createCatalogService(ctx);
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    ctx.cache.getOrLoad(`search:${key}`, ctx.config.catalogCacheSeconds, load);

  /**
   * The first `needed` results in rank order: exact name, then name prefix (by name), then full
   * text (best first), then typo matches (most similar first). Each tier is only asked for when
   * the ones before it cannot fill the window, so common prefixes stay one index range scan.
   */
  async function ranked(text: SearchText, needed: number): Promise<TitleHit[]> {
    const hits = await repo.prefix(text, needed);
    if (hits.length >= needed) return hits;
    const seen = new Set(hits.map((hit) => hit.id));
    for (const hit of await repo.fullText(text, needed - hits.length)) {
      if (!seen.has(hit.id)) {
        seen.add(hit.id);
        hits.push(hit);
      }
    }
    if (hits.length >= needed || !text.hasLongWord) return hits;
    // A typo match shares at least one trigram of a word as it is, and is then scored the same way
    // on both dialects, so they agree on what counts as similar.
    const trigrams = wordTrigrams(text.words);
    const typos = (await repo.typoCandidates(text, TYPO_CANDIDATES))
      .filter((hit) => !seen.has(hit.id) && containsAny(hit.name, trigrams))
      .map((hit) => ({ hit, score: wordSimilarity(text.phrase, hit.name) }))
      .filter(({ score }) => score >= TYPO_SIMILARITY)
      .sort((a, b) => b.score - a.score || a.hit.id - b.hit.id);
    for (const { hit } of typos) {
      if (hits.length >= needed) break;
      hits.push({ id: hit.id, name: hit.name });
    }
    return hits;
  }

  return {
    /** At most MAX_SUGGESTIONS names for the search box; blank text gives none. */
    async suggestions(query: string): Promise<Suggestion[]> {
      const text = parseSearchText(query);
      if (!text) return [];
      return cached(`suggest:${text.phrase}`, async () =>
        (await ranked(text, MAX_SUGGESTIONS)).map((hit) => ({ id: hit.id, name: hit.name })),
      );
    },

    /** One page of results as cards, with the member's watch list laid over. */
    async search(query: string, page: PageQuery, userId: number | null): Promise<MovieCard[]> {
      const text = parseSearchText(query);
      const offset = (page.page - 1) * page.per_page;
      if (!text || offset >= SEARCH_WINDOW) return [];
      const cards = await cached(`page:${page.page}:${page.per_page}:${text.phrase}`, async () => {
        const hits = await ranked(text, Math.min(offset + page.per_page, SEARCH_WINDOW));
        return catalog.cardsByIds(
          hits.slice(offset).map((hit) => hit.id),
          null,
        );
      });
      return catalog.withWatchList(cards, userId);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
