import { sql, type Insertable, type Kysely } from 'kysely';
import { PROFILE_AVATARS } from '@reeltime/contract';
import type { Dialect } from '../../src/db/connection';
import type { Database, LikesTable, ViewsTable } from '../../src/db/database';
import { insertMany } from '../../src/db/seed/batch';
import { createRng } from '../../src/db/seed/random';
import { DAY_MS, isoDay } from '../../src/lib/time';
import { generateHistory, popularityOf } from '../../src/modules/recommendations/synthetic-history';

/** How far back the synthetic plays go: some fall in the trending window, most before it. */
const SPREAD_DAYS = 30;

/**
 * Members (each with its owner profile) and their plays over the seeded catalog, with taste in
 * them (synthetic-history.ts): about `plays` counted views, and a like for one play in ten. For the
 * recommendations job's benchmark.
 */
export async function insertSyntheticPlays(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { plays: number; playsPerMember?: number; seed?: number },
): Promise<{ members: number; plays: number; likes: number; elapsedMs: number }> {
  const started = performance.now();
  const perMember = options.playsPerMember ?? 50;
  const memberCount = Math.max(1, Math.round(options.plays / perMember));
  const rng = createRng(options.seed ?? 7_777);
  const [titleRows, genreRows] = await Promise.all([
    db.selectFrom('titles').select('id').where('is_published', '=', 1).execute(),
    db.selectFrom('title_genres').select(['title_id', 'genre_id']).execute(),
  ]);
  const genresOf = new Map<number, number[]>(titleRows.map((row) => [row.id, []]));
  for (const row of genreRows) genresOf.get(row.title_id)?.push(row.genre_id);
  const titles = [...genresOf].map(([id, genreIds]) => ({ id, genreIds }));
  const now = Date.now();
  const plays = generateHistory(
    titles,
    popularityOf(titles, rng),
    {
      members: memberCount,
      minPlays: Math.round(perMember * 0.5),
      maxPlays: Math.round(perMember * 1.5),
      tasteShare: 0.85,
      likeShare: 0.1,
      startAt: 0,
    },
    rng,
  );

  const users = await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    const rows = Array.from({ length: memberCount }, (_, index) => ({
      first_name: 'Viewer',
      last_name: String(index),
      email: `viewer-${index}@bench.reeltime.local`,
      password_hash: 'not-a-hash',
      mobile: null,
      gender: null,
      date_of_birth: null,
      profile_image: null,
      is_admin: 0,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < rows.length; start += 2_000) {
      const inserted = await trx
        .insertInto('users')
        .values(rows.slice(start, start + 2_000))
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => row.id));
    }
    const profiles: number[] = [];
    for (let start = 0; start < ids.length; start += 2_000) {
      const inserted = await trx
        .insertInto('profiles')
        .values(
          ids.slice(start, start + 2_000).map((userId) => ({
            user_id: userId,
            name: 'Viewer',
            avatar_key: PROFILE_AVATARS[0],
            avatar_image: null,
            is_owner: 1,
            is_kids: 0,
            maturity_limit: null,
            pin_hash: null,
            pin_failures: 0,
            locked_until: null,
            created_at: now,
          })),
        )
        .returning(['id', 'user_id'])
        .execute();
      profiles.push(...inserted.map((row) => row.id));
    }
    return ids.map((userId, index) => ({ userId, profileId: profiles[index]! }));
  });

  // Each member's plays end today and reach back up to SPREAD_DAYS days.
  const lastAt = new Map<number, number>();
  for (const play of plays) lastAt.set(play.member, play.at);
  const views: Insertable<ViewsTable>[] = [];
  const likes: Insertable<LikesTable>[] = [];
  for (const play of plays) {
    const member = users[play.member]!;
    const at = now - (lastAt.get(play.member)! - play.at) * 10 - rng.int(0, SPREAD_DAYS) * DAY_MS;
    views.push({
      user_id: member.userId,
      profile_id: member.profileId,
      title_id: play.titleId,
      day: isoDay(at),
      created_at: at,
    });
    if (play.liked)
      likes.push({
        user_id: member.userId,
        profile_id: member.profileId,
        title_id: play.titleId,
        created_at: at,
      });
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, dialect, 'views', views);
    await insertMany(trx, dialect, 'likes', likes);
  });
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  return {
    members: memberCount,
    plays: views.length,
    likes: likes.length,
    elapsedMs: performance.now() - started,
  };
}
