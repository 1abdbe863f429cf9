/**
 * Turning what a member typed into safe pieces for the search queries. Nothing here builds SQL
 * from raw input: every piece is either bound as a parameter or made only of letters and digits.
 */

import { escapeLike } from '../../db/sql-helpers';

/** Letters and decimal digits; everything else separates words. */
const WORD = /[\p{L}\p{Nd}]+/gu;

/** Trigram full text cannot match fewer characters than this. */
export const MIN_FULL_TEXT_WORD = 3;

export interface SearchText {
  /** Lower-cased, trimmed, inner whitespace collapsed: compared with lower(name). */
  phrase: string;
  /** `phrase%` for LIKE with `escape '\'`. */
  prefixPattern: string;
  /** Lower-cased words of letters and digits. */
  words: string[];
  /** Whether any word is long enough for full text and typo matching. */
  hasLongWord: boolean;
}

export function parseSearchText(raw: string): SearchText | null {
  // Control characters (NUL above all) and lone surrogates are refused by PostgreSQL text and
  // mean nothing in a title.
  const phrase = raw
    .replace(/[\p{Cc}\p{Cs}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (!phrase) return null;
  const words = [...new Set(phrase.match(WORD) ?? [])];
  return {
    phrase,
    prefixPattern: `${escapeLike(phrase)}%`,
    words,
    hasLongWord: words.some((word) => [...word].length >= MIN_FULL_TEXT_WORD),
  };
}

/** An FTS5 string literal: double quotes doubled, so no input can be read as query syntax. */
export function ftsQuote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Words shorter than this are typo-matched whole; longer ones by four-character pieces. */
const TYPO_GRAM = 4;

/**
 * The pieces a typo match must share with the query, word by word: every four-character run
 * inside each word of four or more characters (a single typo leaves most of them intact), or,
 * when the query has no such word, its three-character words as they are. Runs of four keep the
 * candidate set small where three-character runs such as "the" would match half the catalog.
 */
export function typoGramsByWord(words: readonly string[]): string[][] {
  const long = words.map((word) => [...word]).filter((chars) => chars.length >= TYPO_GRAM);
  if (long.length === 0)
    return words.filter((word) => [...word].length === MIN_FULL_TEXT_WORD).map((word) => [word]);
  const seen = new Set<string>();
  return long
    .map((chars) => {
      const grams: string[] = [];
      for (let i = 0; i + TYPO_GRAM <= chars.length; i++) {
        const gram = chars.slice(i, i + TYPO_GRAM).join('');
        if (!seen.has(gram)) grams.push(gram);
        seen.add(gram);
      }
      return grams;
    })
    .filter((grams) => grams.length > 0);
}

/** Every typo piece of the query, once. */
export function typoGrams(words: readonly string[]): string[] {
  return typoGramsByWord(words).flat();
}

/** Whether `name` holds one of the pieces as it is, as the SQLite trigram index finds them. */
export function containsAny(name: string, pieces: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return pieces.some((piece) => lower.includes(piece));
}

/**
 * PostgreSQL tsquery text `w1:* & w2:*` from words of letters and digits only; with `weight`
 * (`A` is the name in search_vector) the words must appear there.
 */
export function prefixTsQuery(words: readonly string[], weight = ''): string {
  return words.map((word) => `${word}:*${weight}`).join(' & ');
}

/** Trigrams as pg_trgm makes them: each word padded with two spaces before and one after. */
function paddedTrigrams(text: string): string[] {
  const trigrams: string[] = [];
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.push(chars.slice(i, i + 3).join(''));
  }
  return trigrams;
}

/** Long names are compared on their start only; titles are far shorter. */
const MAX_TARGET_TRIGRAMS = 400;

/**
 * How well `query` matches some stretch of `target`, 0..1, after pg_trgm's word_similarity: the
 * best |Q ∩ E| / |Q ∪ E| over contiguous stretches E of the target's trigrams. A typo costs a few
 * trigrams, so `godfathr` still scores 0.78 against `The Godfather Returns`.
 */
export function wordSimilarity(query: string, target: string): number {
  const wanted = new Set(paddedTrigrams(query));
  if (wanted.size === 0) return 0;
  const trigrams = paddedTrigrams(target).slice(0, MAX_TARGET_TRIGRAMS);
  let best = 0;
  for (let start = 0; start < trigrams.length; start++) {
    if (!wanted.has(trigrams[start]!)) continue;
    const seen = new Set<string>();
    let shared = 0;
    let extra = 0;
    for (let end = start; end < trigrams.length; end++) {
      const trigram = trigrams[end]!;
      if (seen.has(trigram)) continue;
      seen.add(trigram);
      if (!wanted.has(trigram)) {
        extra++;
        continue;
      }
      shared++;
      best = Math.max(best, shared / (wanted.size + extra));
      if (shared === wanted.size) break;
    }
    if (best === 1) break;
  }
  return best;
}
