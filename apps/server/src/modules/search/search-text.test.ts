import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../db/sql-helpers';
import {
  containsAny,
  ftsQuote,
  parseSearchText,
  prefixTsQuery,
  typoGrams,
  typoGramsByWord,
  wordSimilarity,
} from './search-text';

describe('parseSearchText', () => {
  it('is null for blank text', () => {
    expect(parseSearchText('')).toBeNull();
    expect(parseSearchText('   \t ')).toBeNull();
  });

  it('lower-cases, collapses spaces and splits words of letters and digits', () => {
    expect(parseSearchText('  The   GODFATHER: part-2 ')).toEqual({
      phrase: 'the godfather: part-2',
      prefixPattern: 'the godfather: part-2%',
      words: ['the', 'godfather', 'part', '2'],
      hasLongWord: true,
    });
    expect(parseSearchText('a b')?.hasLongWord).toBe(false);
  });

  it('escapes LIKE wildcards', () => {
    expect(parseSearchText('100%_\\')?.prefixPattern).toBe('100\\%\\_\\\\%');
    expect(escapeLike('a%b_c')).toBe('a\\%b\\_c');
  });

  it('drops control characters and lone surrogates', () => {
    expect(parseSearchText('god\u0000father\ud800')?.phrase).toBe('god father');
    expect(parseSearchText('\u0000')).toBeNull();
    expect(parseSearchText('😀')?.phrase).toBe('😀');
  });

  it('keeps punctuation out of words', () => {
    expect(parseSearchText('"*%:()^-')?.words).toEqual([]);
  });
});

describe('query pieces', () => {
  it('quotes FTS literals', () => {
    expect(ftsQuote('say "hi"')).toBe('"say ""hi"""');
  });
  it('makes typo pieces of four characters from the longer words', () => {
    expect(typoGrams(['the', 'godfathr', 'ab'])).toEqual(['godf', 'odfa', 'dfat', 'fath', 'athr']);
    expect(typoGrams(['the', 'ab'])).toEqual(['the']);
    expect(typoGrams(['ab'])).toEqual([]);
    expect(typoGramsByWord(['midnigt', 'of', 'lantern', 'tern'])).toEqual([
      ['midn', 'idni', 'dnig', 'nigt'],
      ['lant', 'ante', 'nter', 'tern'],
    ]);
    expect(containsAny('The Godfather', typoGrams(['godfahter']))).toBe(true);
    expect(containsAny('Gone Girl', typoGrams(['godfahter']))).toBe(false);
  });
  it('makes a prefix tsquery, optionally for one weight', () => {
    expect(prefixTsQuery(['the', 'god'])).toBe('the:* & god:*');
    expect(prefixTsQuery(['the', 'god'], 'A')).toBe('the:*A & god:*A');
  });
});

describe('wordSimilarity', () => {
  it("follows pg_trgm's word_similarity", () => {
    expect(wordSimilarity('godfathr', 'The Godfather Returns')).toBeCloseTo(7 / 9);
    expect(wordSimilarity('godfahter', 'The Godfather Returns')).toBeCloseTo(0.5);
    expect(wordSimilarity('godzila', 'Godzilla Rising')).toBeCloseTo(0.75);
    expect(wordSimilarity('godfathr', 'Godzilla Rising')).toBeCloseTo(1 / 3);
    expect(wordSimilarity('word', 'two words')).toBeCloseTo(0.8);
    expect(wordSimilarity('', 'anything')).toBe(0);
  });
});
