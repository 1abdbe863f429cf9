import { sql, type InsertObject, type Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { createMediaService } from '../../media/media.service';
import { priceBreakdown } from '../../modules/billing/money';
import { invalidateCatalog } from '../../modules/catalog/catalog-invalidation';
import { addMonths, isoDay } from '../../lib/time';
import { hashPassword } from '../../modules/users/passwords';
import { createRecommendationsService } from '../../modules/recommendations/recommendations.service';
import { createHouseholdRepository } from '../../modules/household/household.repository';
import { widthsColumn } from '../../modules/titles/thumbnail-sources';
import type { Dialect } from '../connection';
import type { Database } from '../database';
import { artWidths, renderArt } from './art';
import { chunksFor, insertMany } from './batch';
import { buildDemoCatalog, type DemoCatalog, type DemoPlan } from './demo-catalog';
import {
  DEMO_MEDIA,
  insertLinkVideos,
  planDemoMedia,
  prepareDemoMedia,
  queueDemoStreams,
  trailerFor,
  type DemoMediaOptions,
  type PreparedDemoMedia,
} from './demo-media';

export const DEMO_ACCOUNTS = {
  member: { email: 'member@reeltime.local', password: 'member123', first_name: 'Demo', last_name: 'Member' },
  admin: { email: 'admin@reeltime.local', password: 'admin1234', first_name: 'Site', last_name: 'Admin' },
} as const;

/** The demo member pays for this plan, so both paths (with a plan, and a new signup without) can be tried. */
const DEMO_MEMBER_PLAN = 'Standard';

/** The demo member's current plan, as if paid at seed time: subscription, payment and its end-of-plan job. */
async function subscribeDemoMember(
  ctx: AppContext,
  trx: Kysely<Database>,
  userId: number,
  planName: string,
  now: number,
): Promise<void> {
  const plan = await trx
    .selectFrom('plans')
    .selectAll()
    .where('name', '=', planName)
    .executeTakeFirstOrThrow();
  const taxes = await trx
    .selectFrom('taxes')
    .select(['name', 'percent'])
    .where('is_active', '=', 1)
    .execute();
  const breakdown = priceBreakdown(
    { priceMinor: plan.price_minor, discountPercent: plan.discount_percent },
    taxes,
  );
  const endsAt = addMonths(now, plan.duration_value);
  const { id: subscriptionId } = await trx
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan_id: plan.id,
      checkout_session_id: null,
      status: 'active',
      start_date: isoDay(now),
      end_date: isoDay(endsAt),
      starts_at: now,
      ends_at: endsAt,
      created_at: now,
      cancelled_at: null,
      gateway: 'builtin',
      gateway_subscription_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('payments')
    .values({
      user_id: userId,
      plan_id: plan.id,
      subscription_id: subscriptionId,
      checkout_session_id: null,
      amount_minor: breakdown.totalMinor,
      currency: ctx.config.currency,
      breakdown_json: JSON.stringify(breakdown),
      card_brand: 'Visa',
      card_last4: '4242',
      period_start: now,
      period_end: endsAt,
      paid_at: now,
    })
    .execute();
  await ctx.jobs.enqueue('billing.expire-subscription', { subscriptionId }, { runAt: endsAt, within: trx });
}

/** Any fixed number: the advisory lock that keeps two PostgreSQL processes from seeding together. */
const SEED_LOCK_KEY = 7_310_524;

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const [title, user] = await Promise.all([
    db.selectFrom('titles').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
  ]);
  return !title && !user;
}

export interface DemoSeedOptions {
  /**
   * Sizes and lengths of the generated trailers and streams (DEMO_MEDIA by default; tests pass
   * TINY_DEMO_MEDIA), or false to make none and not look for ffmpeg (link-only titles remain).
   */
  media?: DemoMediaOptions | false;
}

/**
 * Seeds the demo catalog on first start with an empty database (no titles and no users): titles
 * with generated artwork, people, seasons and episodes, banners, plans, a tax, and a demo member
 * and admin whose sign-ins are logged; trailers for every title, full streams shared by every movie
 * and episode (queued for the worker) and link-only titles (demo-media.ts). Never runs in
 * production; does nothing on later starts.
 */
export async function seedDemoIfEmpty(
  ctx: AppContext,
  log: (line: string) => void,
  options: DemoSeedOptions = {},
): Promise<void> {
  if (ctx.config.env === 'production') return;
  if (!(await isEmpty(ctx.db))) return;

  const started = performance.now();
  const catalog = buildDemoCatalog();
  const plan = planDemoMedia(catalog);
  const mediaOptions = options.media === undefined ? DEMO_MEDIA : options.media;
  // Artwork, trailers and stream sources are written before the transaction (content-named
  // files, so a retry reuses them) to keep the write lock short.
  const [memberHash, adminHash, , media] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.member.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
    renderArt(ctx.files, catalog.art, 6),
    mediaOptions
      ? prepareDemoMedia(ctx.config, ctx.files, plan, mediaOptions, log)
      : Promise.resolve<PreparedDemoMedia>({ trailerUrls: [], sources: [], seconds: 0 }),
  ]);

  let titleIds = new Map<string, number>();
  const seeded = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (!(await isEmpty(trx))) return false;
    titleIds = await insertCatalog(trx, ctx.dialect, catalog, media.trailerUrls);
    await insertLinkVideos(trx, plan, titleIds);
    const now = Date.now();
    const account = (
      who: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS],
      hash: string,
      isAdmin: number,
    ) => ({
      first_name: who.first_name,
      last_name: who.last_name,
      email: who.email,
      password_hash: hash,
      mobile: null,
      gender: null,
      date_of_birth: null,
      profile_image: null,
      is_admin: isAdmin,
      created_at: now,
      updated_at: now,
    });
    const accounts = await trx
      .insertInto('users')
      .values([account(DEMO_ACCOUNTS.member, memberHash, 0), account(DEMO_ACCOUNTS.admin, adminHash, 1)])
      .returning(['id', 'first_name'])
      .execute();
    for (const user of accounts) await createHouseholdRepository(trx).insertOwner(user, now);
    const [member] = accounts;
    await subscribeDemoMember(ctx, trx, member!.id, DEMO_MEMBER_PLAN, now);
    return true;
  });
  if (!seeded) return;
  await invalidateCatalog(ctx.cache);
  // The recommendations job's first run may have found the database empty: the personal rows are
  // computed once now, so the demo shows them before the job's next run.
  const recommendations = await createRecommendationsService(ctx).compute();
  log(
    `Recommendations computed in ${(recommendations.ms / 1000).toFixed(1)}s: ` +
      `${recommendations.trending} trending titles, ${recommendations.similarities} similarities`,
  );

  // Imported after the commit: the media service checks the titles and episodes exist.
  const streams = await queueDemoStreams(ctx.db, createMediaService(ctx), media.sources, titleIds);
  if (streams.errors.length > 0) {
    log(
      `Demo streams: ${streams.errors.length} of ${media.sources.length} could not be queued ` +
        `(${streams.errors[0]})`,
    );
  }

  const movies = catalog.titles.filter((title) => title.type === 'movie').length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `Demo catalog seeded in ${seconds}s: ${movies} movies, ${catalog.titles.length - movies} TV shows, ` +
      `${catalog.people.length} people, ${catalog.art.length} images, ${media.trailerUrls.length} trailers, ` +
      `${plan.links.length} link-only titles` +
      (media.trailerUrls.length > 0
        ? ` (trailers and stream sources made in ${media.seconds.toFixed(1)}s)`
        : ''),
  );
  if (streams.queued > 0) {
    log(
      `Demo streams: ${streams.queued} clips queued for transcoding, shared by ${streams.videos} movies and ` +
        'episodes; each plays as soon as its lowest rendition is ready',
    );
  }
  log('Demo sign-ins (development only; change or delete them before going live):');
  log(`  member: ${DEMO_ACCOUNTS.member.email} / ${DEMO_ACCOUNTS.member.password}`);
  log(`  admin:  ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`);
}

/** Maps unique names to the ids the database gave the rows (ids are serial on PostgreSQL). */
async function insertNamed<T extends 'genres' | 'people' | 'titles'>(
  trx: Kysely<Database>,
  dialect: Dialect,
  table: T,
  rows: Array<InsertObject<Database, T> & { name: string }>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunksFor(rows, dialect)) {
    const inserted = (await trx
      .insertInto(table)
      .values(chunk as never)
      .returning(['id', 'name'] as never)
      .execute()) as unknown as Array<{ id: number; name: string }>;
    for (const row of inserted) ids.set(row.name, row.id);
  }
  return ids;
}

/** Inserts the catalog; returns the titles' ids by name. */
async function insertCatalog(
  trx: Kysely<Database>,
  dialect: Dialect,
  catalog: DemoCatalog,
  trailerUrls: readonly string[],
): Promise<Map<string, number>> {
  const now = Date.now();
  const genreIds = await insertNamed(
    trx,
    dialect,
    'genres',
    catalog.genres.map((name) => ({ name })),
  );
  const personIds = await insertNamed(
    trx,
    dialect,
    'people',
    catalog.people.map((person) => ({
      name: person.name,
      email: person.email,
      profile_image: person.art.url,
      created_at: now,
    })),
  );
  const titleIds = await insertNamed(
    trx,
    dialect,
    'titles',
    catalog.titles.map((title, index) => ({
      type: title.type,
      name: title.name,
      description: title.description,
      release_date: title.release_date,
      language: title.language,
      duration_minutes: title.duration_minutes,
      content_rating: title.content_rating,
      imdb_rating: title.imdb_rating,
      poster_image: title.poster.url,
      thumbnail_image: title.thumbnail.url,
      thumbnail_widths: widthsColumn(artWidths(title.thumbnail)),
      trailer_url: trailerFor(index, trailerUrls),
      trailer_url_type: 'url' as const,
      is_free: title.is_free,
      is_published: 1,
      like_count: title.like_count,
      view_count: title.view_count,
      created_at: title.created_at,
      updated_at: title.created_at,
    })),
  );
  const idOf = (ids: Map<string, number>, name: string): number => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`Demo seed: no id for ${name}`);
    return id;
  };

  await insertMany(
    trx,
    dialect,
    'title_genres',
    catalog.titles.flatMap((title) =>
      title.genres.map((genre) => ({
        title_id: idOf(titleIds, title.name),
        genre_id: idOf(genreIds, genre),
      })),
    ),
  );
  await insertMany(
    trx,
    dialect,
    'title_cast',
    catalog.titles.flatMap((title) =>
      title.cast.map((member, position) => ({
        title_id: idOf(titleIds, title.name),
        person_id: idOf(personIds, member.person),
        job_title: member.job_title,
        position,
      })),
    ),
  );
  await insertMany(
    trx,
    dialect,
    'title_daily_views',
    catalog.titles.flatMap((title) =>
      title.recentViews
        .filter((day) => day.views > 0)
        .map((day) => ({ title_id: idOf(titleIds, title.name), day: day.day, views: day.views })),
    ),
  );

  // Seasons: (title, season number) is unique, so the returned rows map back without relying on order.
  const seasonRows = catalog.titles.flatMap((title) =>
    title.seasons.map((season) => ({
      title_id: idOf(titleIds, title.name),
      season_number: season.season_number,
      name: season.name,
    })),
  );
  const seasonIds = new Map<string, number>();
  for (const chunk of chunksFor(seasonRows, dialect)) {
    const inserted = await trx
      .insertInto('seasons')
      .values(chunk)
      .returning(['id', 'title_id', 'season_number'])
      .execute();
    for (const row of inserted) seasonIds.set(`${row.title_id}:${row.season_number}`, row.id);
  }
  await insertMany(
    trx,
    dialect,
    'episodes',
    catalog.titles.flatMap((title) =>
      title.seasons.flatMap((season) =>
        season.episodes.map((episode) => ({
          season_id: idOf(seasonIds, `${idOf(titleIds, title.name)}:${season.season_number}`),
          episode_number: episode.episode_number,
          name: episode.name,
          description: episode.description,
          duration_minutes: episode.duration_minutes,
          thumbnail_image: episode.art.url,
        })),
      ),
    ),
  );

  await insertMany(
    trx,
    dialect,
    'banners',
    catalog.banners.map((banner) => ({
      title_id: idOf(titleIds, banner.title),
      poster_url: banner.art.url,
      position: banner.position,
      is_active: 1,
    })),
  );

  await seedPlans(trx, catalog.plans);
  await trx
    .insertInto('taxes')
    .values({ name: catalog.tax.name, percent: catalog.tax.percent, is_active: 1 })
    .execute();
  return titleIds;
}

/**
 * Inserts the plans one at a time, in order, as monthly active plans at positions 1, 2, 3 …: on an
 * empty database the demo's Basic, Standard and Premium get ids 1, 2, 3.
 */
export async function seedPlans(db: Kysely<Database>, plans: readonly DemoPlan[]): Promise<void> {
  for (const [position, plan] of plans.entries()) {
    await db
      .insertInto('plans')
      .values({
        name: plan.name,
        price_minor: plan.price_minor,
        duration_value: 1,
        duration: 'month',
        discount_percent: plan.discount_percent,
        position: position + 1,
        is_active: 1,
        max_height: plan.max_height,
        screens: plan.screens,
        profiles: plan.profiles,
        has_ads: plan.has_ads ? 1 : 0,
      })
      .execute();
  }
}
