import { sql, type InsertObject, type Kysely } from 'kysely';
import type { FileStore } from '../../adapters/storage/file-store';
import { DAY_MS, isoDay } from '../../lib/time';
import { widthsColumn } from '../../modules/titles/thumbnail-sources';
import type { Dialect } from '../connection';
import type { Database } from '../database';
import {
  artWidths,
  bannerArt,
  episodeArt,
  portraitArt,
  posterArt,
  renderArt,
  thumbnailArt,
  type ArtJob,
} from './art';
import { chunksFor, insertMany } from './batch';
import { CONTENT_RATINGS, GENRES, JOB_TITLES, RECENT_DAYS } from './demo-catalog';
import { createRng, type Rng } from './random';
import { episodeName, personName, shortDescription, syntheticTitleName } from './words';

/**
 * A large generated catalog for load tests and search tuning: N titles with genres, cast, seasons
 * and episodes for shows, recent daily views and like/view counts. Names are built from words, so
 * search has something real to find. Artwork comes from a small shared set of images.
 */
export interface SyntheticOptions {
  titles: number;
  /** Delete every existing catalog row first (titles, people, genres and what hangs off them). */
  reset?: boolean;
  seed?: number;
  /** Titles generated and inserted per step (one progress line each). */
  batchSize?: number;
  log?: (line: string) => void;
}

export interface SyntheticResult {
  titles: number;
  movies: number;
  shows: number;
  people: number;
  rows: number;
  elapsedMs: number;
}

const LANGUAGES = [
  'English',
  'Hindi',
  'Tamil',
  'Telugu',
  'Malayalam',
  'Bengali',
  'Spanish',
  'French',
  'Korean',
];
const SHARED_ART = { posters: 24, people: 24, episodes: 12, banners: 5 };

/** Every table that belongs to the catalog, children before parents. */
const CATALOG_TABLES = [
  'videos',
  'episodes',
  'seasons',
  'title_genres',
  'title_cast',
  'title_daily_views',
  'banners',
  'watchlist',
  'playback_progress',
  'likes',
  'views',
  'titles',
  'people',
  'genres',
] as const satisfies ReadonlyArray<keyof Database>;

export async function resetCatalog(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`truncate table ${sql.join(CATALOG_TABLES.map((table) => sql.table(table)))}`.execute(db);
    return;
  }
  for (const table of CATALOG_TABLES) await db.deleteFrom(table).execute();
}

interface SharedArt {
  posters: { poster: string; thumbnail: string; thumbnailWidths: string }[];
  people: string[];
  episodes: string[];
  banners: string[];
}

async function sharedArt(files: FileStore): Promise<SharedArt> {
  const rng = createRng(99);
  const jobs: ArtJob[] = [];
  const posters = Array.from({ length: SHARED_ART.posters }, () => {
    const name = syntheticTitleName(rng);
    const poster = posterArt(name, 'Reeltime');
    const thumbnail = thumbnailArt(name, 'Reeltime');
    jobs.push(poster, thumbnail);
    return {
      poster: poster.url,
      thumbnail: thumbnail.url,
      thumbnailWidths: widthsColumn(artWidths(thumbnail)),
    };
  });
  const people = Array.from({ length: SHARED_ART.people }, () => {
    const art = portraitArt(personName(rng));
    jobs.push(art);
    return art.url;
  });
  const episodes = Array.from({ length: SHARED_ART.episodes }, (_, index) => {
    const art = episodeArt('Reeltime', 1, index + 1, episodeName(rng));
    jobs.push(art);
    return art.url;
  });
  const banners = Array.from({ length: SHARED_ART.banners }, () => {
    const art = bannerArt(syntheticTitleName(rng), 'Reeltime');
    jobs.push(art);
    return art.url;
  });
  await renderArt(files, jobs, 6);
  return { posters, people, episodes, banners };
}

async function ensureGenres(db: Kysely<Database>, dialect: Dialect): Promise<number[]> {
  const existing = await db.selectFrom('genres').select(['id', 'name']).execute();
  const known = new Set(existing.map((genre) => genre.name));
  const missing = GENRES.filter((name) => !known.has(name)).map((name) => ({ name }));
  await insertMany(db, dialect, 'genres', missing);
  return (await db.selectFrom('genres').select('id').orderBy('id').execute()).map((genre) => genre.id);
}

async function insertPeople(
  db: Kysely<Database>,
  dialect: Dialect,
  rng: Rng,
  count: number,
  images: string[],
): Promise<number[]> {
  const now = Date.now();
  const rows = Array.from({ length: count }, () => {
    const name = personName(rng);
    return {
      name,
      email: rng.chance(0.3) ? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@talent.example` : null,
      profile_image: rng.pick(images),
      created_at: now,
    };
  });
  const ids: number[] = [];
  for (const chunk of chunksFor(rows, dialect)) {
    const inserted = await db.insertInto('people').values(chunk).returning('id').execute();
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

function releaseDate(rng: Rng, thisYear: number, today: string): string {
  const year = rng.chance(0.6) ? rng.int(thisYear - 15, thisYear) : rng.int(1970, thisYear - 16);
  const date = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  return date > today ? today : date;
}

export async function seedSyntheticCatalog(
  db: Kysely<Database>,
  dialect: Dialect,
  files: FileStore,
  options: SyntheticOptions,
): Promise<SyntheticResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
  const total = Math.max(0, Math.floor(options.titles));
  const batchSize = Math.max(1, options.batchSize ?? 10_000);
  const rng = createRng(options.seed ?? 1_000_003);
  const art = await sharedArt(files);
  log(`Shared artwork ready (${elapsed()})`);

  const result = await db.transaction().execute(async (trx) => {
    if (options.reset) {
      await resetCatalog(trx, dialect);
      log(`Existing catalog deleted (${elapsed()})`);
    }
    const genreIds = await ensureGenres(trx, dialect);
    const personIds = await insertPeople(
      trx,
      dialect,
      rng,
      Math.min(5_000, Math.max(100, Math.ceil(total / 20))),
      art.people,
    );
    log(`${personIds.length} people inserted (${elapsed()})`);

    const now = Date.now();
    const today = isoDay(now);
    const thisYear = Number(today.slice(0, 4));
    const recentDays = Array.from({ length: RECENT_DAYS }, (_, back) => isoDay(now - back * DAY_MS));
    let movies = 0;
    let shows = 0;
    let rows = 0;

    for (let done = 0; done < total; done += batchSize) {
      const size = Math.min(batchSize, total - done);
      const titleRows: InsertObject<Database, 'titles'>[] = [];
      for (let i = 0; i < size; i++) {
        const type = rng.chance(0.25) ? 'tvshow' : 'movie';
        const images = rng.pick(art.posters);
        const viewCount = Math.round(20 * Math.exp(rng.float(0, 9)));
        const createdAt = now - (total - done - i) * 1_000;
        titleRows.push({
          type,
          name: syntheticTitleName(rng),
          description: shortDescription(rng),
          release_date: releaseDate(rng, thisYear, today),
          language: rng.pick(LANGUAGES),
          duration_minutes: type === 'movie' ? rng.int(80, 180) : rng.int(22, 58),
          content_rating: rng.pick(CONTENT_RATINGS),
          imdb_rating: Math.round(rng.float(4.5, 9.3) * 10) / 10,
          poster_image: images.poster,
          thumbnail_image: images.thumbnail,
          thumbnail_widths: images.thumbnailWidths,
          trailer_url: '',
          trailer_url_type: 'url',
          is_free: rng.chance(0.2) ? 1 : 0,
          is_published: 1,
          like_count: Math.round(viewCount * rng.float(0.01, 0.3)),
          view_count: viewCount,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }

      const inserted: { id: number; type: 'movie' | 'tvshow' }[] = [];
      for (const chunk of chunksFor(titleRows, dialect)) {
        inserted.push(...(await trx.insertInto('titles').values(chunk).returning(['id', 'type']).execute()));
      }

      const genreRows: InsertObject<Database, 'title_genres'>[] = [];
      const castRows: InsertObject<Database, 'title_cast'>[] = [];
      const viewRows: InsertObject<Database, 'title_daily_views'>[] = [];
      const seasonRows: InsertObject<Database, 'seasons'>[] = [];
      for (const title of inserted) {
        for (const genreId of rng.sample(genreIds, rng.int(1, 3))) {
          genreRows.push({ title_id: title.id, genre_id: genreId });
        }
        const castSize = rng.int(3, 5);
        const people = new Set<number>();
        while (people.size < castSize) people.add(rng.pick(personIds));
        let position = 0;
        for (const personId of people) {
          const jobTitle = position === 1 ? 'Director' : position < 3 ? 'Actor' : rng.pick(JOB_TITLES);
          castRows.push({
            title_id: title.id,
            person_id: personId,
            job_title: jobTitle,
            position: position++,
          });
        }
        if (rng.chance(0.3)) {
          const trend = Math.pow(rng.next(), 3) * 400;
          for (const day of recentDays) {
            const views = Math.round(trend * rng.float(0.5, 1.5));
            if (views > 0) viewRows.push({ title_id: title.id, day, views });
          }
        }
        if (title.type === 'tvshow') {
          shows++;
          seasonRows.push({ title_id: title.id, season_number: 1, name: 'Season 1' });
        } else {
          movies++;
        }
      }
      await insertMany(trx, dialect, 'title_genres', genreRows);
      await insertMany(trx, dialect, 'title_cast', castRows);
      await insertMany(trx, dialect, 'title_daily_views', viewRows);

      const episodeRows: InsertObject<Database, 'episodes'>[] = [];
      for (const chunk of chunksFor(seasonRows, dialect)) {
        const seasons = await trx.insertInto('seasons').values(chunk).returning('id').execute();
        for (const season of seasons) {
          const count = rng.int(2, 4);
          for (let episode = 1; episode <= count; episode++) {
            episodeRows.push({
              season_id: season.id,
              episode_number: episode,
              name: episodeName(rng),
              description: '',
              duration_minutes: rng.int(22, 58),
              thumbnail_image: rng.pick(art.episodes),
            });
          }
        }
      }
      await insertMany(trx, dialect, 'episodes', episodeRows);

      rows +=
        inserted.length +
        genreRows.length +
        castRows.length +
        viewRows.length +
        seasonRows.length +
        episodeRows.length;
      log(`${done + size} / ${total} titles (${elapsed()})`);
    }
    // The landing page needs banners: feature the most viewed titles when there are none yet.
    if (!(await trx.selectFrom('banners').select('id').limit(1).executeTakeFirst())) {
      const featured = await trx
        .selectFrom('titles')
        .select('id')
        .orderBy('view_count', 'desc')
        .orderBy('id')
        .limit(art.banners.length)
        .execute();
      await insertMany(
        trx,
        dialect,
        'banners',
        featured.map((title, position) => ({
          title_id: title.id,
          poster_url: art.banners[position]!,
          position,
          is_active: 1,
        })),
      );
      rows += featured.length;
    }
    return { titles: total, movies, shows, people: personIds.length, rows };
  });
  if (dialect === 'postgres') {
    // The planner still sees the tables as they were before the load until they are analyzed, and
    // autovacuum may be late or off: with a catalog it thinks empty it can nest a loop over every
    // title (the popular row with a maturity filter took minutes instead of a third of a second).
    await sql`analyze`.execute(db);
    log(`Statistics updated (${elapsed()})`);
  }

  return { ...result, elapsedMs: performance.now() - started };
}
