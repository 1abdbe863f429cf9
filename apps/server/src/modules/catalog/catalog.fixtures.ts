import type { App } from '../../app';
import type { NewTitle } from '../../db/database';
import { ownerProfileId } from '../../testing/http';

/**
 * Small catalogs for tests, written straight to the database. Not used by the server itself.
 */
export function catalogFixtures(app: App) {
  const db = app.ctx.db;
  let serial = 0;
  const now = Date.now();

  return {
    async title(fields: Partial<NewTitle> & { name: string }): Promise<number> {
      serial++;
      const row = await db
        .insertInto('titles')
        .values({
          type: 'movie',
          description: '',
          release_date: '2020-01-01',
          language: 'English',
          duration_minutes: 100,
          content_rating: 'PG',
          imdb_rating: 7,
          poster_image: `/media/posters/${serial}.jpg`,
          thumbnail_image: `/media/thumbnails/${serial}.jpg`,
          trailer_url: 'https://www.youtube.com/watch?v=trailer',
          trailer_url_type: 'youtube',
          is_free: 0,
          is_published: 1,
          like_count: 0,
          view_count: 0,
          created_at: now,
          updated_at: now,
          ...fields,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async genre(name: string, titleIds: number[] = []): Promise<number> {
      const { id } = await db.insertInto('genres').values({ name }).returning('id').executeTakeFirstOrThrow();
      if (titleIds.length > 0) {
        await db
          .insertInto('title_genres')
          .values(titleIds.map((titleId) => ({ title_id: titleId, genre_id: id })))
          .execute();
      }
      return id;
    },

    async tag(titleId: number, genreIds: number[]): Promise<void> {
      await db
        .insertInto('title_genres')
        .values(genreIds.map((genreId) => ({ title_id: titleId, genre_id: genreId })))
        .execute();
    },

    async person(name: string, email: string | null = null): Promise<number> {
      const { id } = await db
        .insertInto('people')
        .values({
          name,
          email,
          profile_image: `/media/people/${name.replace(/\W+/g, '-')}.jpg`,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async cast(titleId: number, personId: number, jobTitle: string, position: number): Promise<void> {
      await db
        .insertInto('title_cast')
        .values({ title_id: titleId, person_id: personId, job_title: jobTitle, position })
        .execute();
    },

    async dailyViews(titleId: number, day: string, views: number): Promise<void> {
      await db.insertInto('title_daily_views').values({ title_id: titleId, day, views }).execute();
    },

    /** A member with a working bearer token, acting as the owner's profile (`profileId`). */
    async member(email: string): Promise<{ id: number; profileId: number; authorization: string }> {
      const { id } = await db
        .insertInto('users')
        .values({
          first_name: 'Test',
          last_name: 'Member',
          email,
          password_hash: 'not-a-hash',
          mobile: null,
          gender: null,
          date_of_birth: null,
          profile_image: null,
          is_admin: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token } = await app.ctx.tokens.issue(id);
      return { id, profileId: await ownerProfileId(app, id), authorization: `Bearer ${token}` };
    },
  };
}
