import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/**
 * The genres and cast of titles, read the same way for the member site and the console; each
 * repository hands them out as its own reads.
 */

/** Genres of several titles, by name. */
export function genresOfTitles(db: Db, titleIds: readonly number[]) {
  if (titleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('title_genres')
    .innerJoin('genres', 'genres.id', 'title_genres.genre_id')
    .select(['title_genres.title_id', 'genres.id', 'genres.name'])
    .where('title_genres.title_id', 'in', titleIds)
    .orderBy('genres.name')
    .orderBy('genres.id')
    .execute();
}

/** Cast and crew of a title by position; whether a person has an address, never the address. */
export function castOfTitle(db: Db, titleId: number) {
  return db
    .selectFrom('title_cast')
    .innerJoin('people', 'people.id', 'title_cast.person_id')
    .select([
      'people.id as person_id',
      'people.name',
      'people.profile_image',
      'title_cast.job_title',
      sql<number>`case when people.email is not null and people.email <> '' then 1 else 0 end`.as(
        'has_email',
      ),
    ])
    .where('title_cast.title_id', '=', titleId)
    .orderBy('title_cast.position')
    .orderBy('people.id')
    .orderBy('title_cast.job_title')
    .execute();
}
