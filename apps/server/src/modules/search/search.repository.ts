import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/connection';
import { ftsQuote, MIN_FULL_TEXT_WORD, prefixTsQuery, wordTrigrams, escapeLike, type SearchText } from './search-text';

export interface TitleHit {
  id: number;
  name: string;
}

/** pg_trgm's `<%` keeps names at least this similar; the service applies its own, higher bar. */
const PG_WORD_SIMILARITY_FLOOR = 0.4;

/**
 * The three kinds of match behind search, one implementation per dialect: name prefix (exact
 * first), full text, and typo candidates. User text only ever reaches SQL as bound parameters.
 */
export interface SearchRepository {
  /** Names starting with the phrase, the exact name first, then by name. */
  prefix(text: SearchText, limit: number): Promise<TitleHit[]>;
  /** Titles whose name or description holds every word, best first, without the prefix matches. */
  fullText(text: SearchText, limit: number): Promise<TitleHit[]>;
  /** Titles whose name shares trigrams with the phrase; the caller scores and filters them. */
  typoCandidates(text: SearchText, limit: number): Promise<TitleHit[]>;
}

async function rows(db: Db, query: RawBuilder<TitleHit>): Promise<TitleHit[]> {
  return (await query.execute(db)).rows;
}

function sqliteSearch(db: Db): SearchRepository {
  return {
    prefix: (text, limit) =>
      rows(
        db,
        sql<TitleHit>`select id, name from titles
          where is_published = 1 and name like ${text.prefixPattern} escape '\\'
          order by name collate nocase, id
          limit ${limit}`,
      ),

    fullText(text, limit) {
      const long = text.words.filter((word) => [...word].length >= MIN_FULL_TEXT_WORD);
      if (long.length === 0) return Promise.resolve([]);
      const match = long.map(ftsQuote).join(' AND ');
      // Trigrams cannot find words under three characters; those must appear as plain substrings.
      const short = text.words
        .filter((word) => [...word].length < MIN_FULL_TEXT_WORD)
        .map((word) => {
          const pattern = `%${escapeLike(word)}%`;
          return sql`and (t.name like ${pattern} escape '\\' or t.description like ${pattern} escape '\\')`;
        });
      return rows(
        db,
        sql<TitleHit>`select t.id, t.name from title_search s join titles t on t.id = s.rowid
          where title_search match ${match} and t.is_published = 1
            and not (t.name like ${text.prefixPattern} escape '\\') ${sql.join(short, sql` `)}
          order by bm25(title_search, 10.0, 1.0), t.id
          limit ${limit}`,
      );
    },

    typoCandidates(text, limit) {
      const trigrams = wordTrigrams(text.words);
      if (trigrams.length === 0) return Promise.resolve([]);
      const match = `name : (${trigrams.map(ftsQuote).join(' OR ')})`;
      return rows(
        db,
        sql<TitleHit>`select t.id, t.name from title_search s join titles t on t.id = s.rowid
          where title_search match ${match} and t.is_published = 1
          order by bm25(title_search, 10.0, 1.0), t.id
          limit ${limit}`,
      );
    },
  };
}

function postgresSearch(db: Db): SearchRepository {
  return {
    prefix: (text, limit) =>
      rows(
        db,
        sql<TitleHit>`select id, name from titles
          where is_published = 1 and lower(name) like ${text.prefixPattern} escape '\\'
          order by lower(name) collate "C", id
          limit ${limit}`,
      ),

    fullText(text, limit) {
      if (!text.hasLongWord) return Promise.resolve([]);
      return rows(
        db,
        sql<TitleHit>`select t.id, t.name from titles t, to_tsquery('simple', ${prefixTsQuery(text.words)}) q
          where t.is_published = 1 and t.search_vector @@ q
            and not (lower(t.name) like ${text.prefixPattern} escape '\\')
          order by ts_rank(t.search_vector, q) desc, t.id
          limit ${limit}`,
      );
    },

    typoCandidates(text, limit) {
      if (!text.hasLongWord) return Promise.resolve([]);
      // `<%` reads its threshold from a setting; set it for this transaction only.
      return db.transaction().execute(async (trx) => {
        await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(PG_WORD_SIMILARITY_FLOOR)}, true)`.execute(trx);
        const result = await sql<TitleHit>`select id, name from titles
          where is_published = 1 and ${text.phrase} <% lower(name)
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
