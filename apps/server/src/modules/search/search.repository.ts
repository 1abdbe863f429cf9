import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/connection';
import { containing } from '../../db/sql-helpers';
import { andWithinRating, type RatingFilter } from '../titles/rating-filter';
import { ftsQuote, MIN_FULL_TEXT_WORD, prefixTsQuery, typoGramsByWord, type SearchText } from './search-text';

export interface TitleHit {
  id: number;
  name: string;
}

/** pg_trgm's `<%` keeps names at least this similar; the service applies its own, higher bar. */
const PG_WORD_SIMILARITY_FLOOR = 0.4;

/**
 * The kinds of match behind search, one implementation per dialect. User text only ever reaches
 * SQL as bound parameters; FTS5 and tsquery text is built from quoted or letters-and-digits words.
 * Callers only ask for full text and typo matches when the text has a word of three or more
 * characters (trigram full text cannot match less). Every kind of match keeps to published titles
 * within the reader's ratings (`rating`, see RatingFilter).
 */
export interface SearchRepository {
  /** Names starting with the phrase: the exact name first, then by name. */
  prefix(text: SearchText, limit: number, rating: RatingFilter): Promise<TitleHit[]>;
  /** Names holding every word, shortest first, without the prefix matches. */
  nameMatches(text: SearchText, limit: number, rating: RatingFilter): Promise<TitleHit[]>;
  /** Names or descriptions holding every word, newest first, without the prefix matches. */
  anywhereMatches(text: SearchText, limit: number, rating: RatingFilter): Promise<TitleHit[]>;
  /**
   * Names sharing typo pieces with the text, most alike first; the caller scores them. With
   * `everyWord`, SQLite asks for a piece of every word, far fewer rows for several words;
   * PostgreSQL compares the whole text either way and ignores it.
   */
  typoCandidates(
    text: SearchText,
    limit: number,
    everyWord: boolean,
    rating: RatingFilter,
  ): Promise<TitleHit[]>;
}

async function rows(db: Db, query: RawBuilder<TitleHit>): Promise<TitleHit[]> {
  return (await query.execute(db)).rows;
}

const isLong = (word: string) => [...word].length >= MIN_FULL_TEXT_WORD;

function sqliteSearch(db: Db): SearchRepository {
  /** Trigrams cannot find words under three characters: those must appear as plain substrings. */
  const shortWords = (text: SearchText, inDescription: boolean) =>
    sql.join(
      text.words
        .filter((word) => !isLong(word))
        .map((word) => {
          const pattern = containing(word);
          return inDescription
            ? sql`and (t.name like ${pattern} or t.description like ${pattern})`
            : sql`and t.name like ${pattern}`;
        }),
      sql` `,
    );
  const allWords = (text: SearchText) => text.words.filter(isLong).map(ftsQuote).join(' AND ');

  return {
    prefix: (text, limit, rating) =>
      rows(
        db,
        sql<TitleHit>`select id, name from titles
          where is_published = 1 and name like ${text.prefixPattern} escape '\\'${andWithinRating(rating)}
          order by name collate nocase, id
          limit ${limit}`,
      ),

    nameMatches: (text, limit, rating) =>
      !text.hasLongWord
        ? Promise.resolve([])
        : rows(
            db,
            sql<TitleHit>`select t.id, t.name from title_search s join titles t on t.id = s.rowid
          where title_search match ${`name : (${allWords(text)})`} and t.is_published = 1${andWithinRating(rating, 't.content_rating')}
            and not (t.name like ${text.prefixPattern} escape '\\') ${shortWords(text, false)}
          order by length(t.name), t.id
          limit ${limit}`,
          ),

    anywhereMatches: (text, limit, rating) =>
      !text.hasLongWord
        ? Promise.resolve([])
        : rows(
            db,
            sql<TitleHit>`select t.id, t.name from title_search s join titles t on t.id = s.rowid
          where title_search match ${allWords(text)} and t.is_published = 1${andWithinRating(rating, 't.content_rating')}
            and not (t.name like ${text.prefixPattern} escape '\\') ${shortWords(text, true)}
          order by s.rowid desc
          limit ${limit}`,
          ),

    typoCandidates(text, limit, everyWord, rating) {
      const byWord = typoGramsByWord(text.words);
      if (byWord.length === 0) return Promise.resolve([]);
      const anyOf = (grams: string[]) => `(${grams.map(ftsQuote).join(' OR ')})`;
      const match = `name : (${everyWord ? byWord.map(anyOf).join(' AND ') : anyOf(byWord.flat())})`;
      return rows(
        db,
        sql<TitleHit>`select t.id, t.name from title_search s join titles t on t.id = s.rowid
          where title_search match ${match} and t.is_published = 1${andWithinRating(rating, 't.content_rating')}
          order by bm25(title_search, 1.0, 0.0), t.id
          limit ${limit}`,
      );
    },
  };
}

function postgresSearch(db: Db): SearchRepository {
  return {
    prefix: (text, limit, rating) =>
      rows(
        db,
        sql<TitleHit>`select id, name from titles
          where is_published = 1 and lower(name) like ${text.prefixPattern} escape '\\'${andWithinRating(rating)}
          order by lower(name) collate "C", id
          limit ${limit}`,
      ),

    nameMatches: (text, limit, rating) =>
      rows(
        db,
        sql<TitleHit>`select t.id, t.name from titles t
          where t.is_published = 1 and t.search_vector @@ to_tsquery('simple', ${prefixTsQuery(text.words, 'A')})${andWithinRating(rating, 't.content_rating')}
            and not (lower(t.name) like ${text.prefixPattern} escape '\\')
          order by length(t.name), t.id
          limit ${limit}`,
      ),

    // Matches are gathered through the full-text index first: walking the primary key backwards
    // instead would read the whole table when few titles match.
    anywhereMatches: (text, limit, rating) =>
      rows(
        db,
        sql<TitleHit>`with matches as materialized (
            select t.id, t.name from titles t
            where t.is_published = 1 and t.search_vector @@ to_tsquery('simple', ${prefixTsQuery(text.words)})${andWithinRating(rating, 't.content_rating')}
              and not (lower(t.name) like ${text.prefixPattern} escape '\\')
          )
          select id, name from matches order by id desc limit ${limit}`,
      ),

    typoCandidates(text, limit, _everyWord, rating) {
      // `<%` reads its threshold from a setting; set it for this transaction only.
      return db.transaction().execute(async (trx) => {
        await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(PG_WORD_SIMILARITY_FLOOR)}, true)`.execute(
          trx,
        );
        const result = await sql<TitleHit>`select id, name from titles
          where is_published = 1 and ${text.phrase} <% lower(name)${andWithinRating(rating)}
          order by word_similarity(${text.phrase}, lower(name)) desc, id
          limit ${limit}`.execute(trx);
        return result.rows;
      });
    },
  };
}

export function createSearchRepository(db: Db, dialect: Dialect): SearchRepository {
  return dialect === 'postgres' ? postgresSearch(db) : sqliteSearch(db);
}
