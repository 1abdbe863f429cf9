import { DEFAULT_CONTENT_RATING_SCALE } from '@reeltime/contract';
import { DAY_MS, isoDay } from '../../lib/time';
import { bannerArt, episodeArt, portraitArt, posterArt, thumbnailArt, type ArtJob } from './art';
import { createRng, type Rng } from './random';
import { episodeDescription, episodeName, leadOf, personName, titleDescription, titleName } from './words';

/**
 * The demo catalog as plain data: built from a fixed seed, so every first start produces the same
 * titles, people, artwork and numbers. Rows refer to each other by (unique) name; the loader maps
 * names to database ids.
 */
export const GENRES = [
  'Action',
  'Adventure',
  'Animation',
  'Comedy',
  'Crime',
  'Documentary',
  'Drama',
  'Fantasy',
  'Horror',
  'Romance',
  'Science Fiction',
  'Thriller',
] as const;

/** The demo rates titles on the site's default content-rating scale, every label used. */
export const CONTENT_RATINGS = DEFAULT_CONTENT_RATING_SCALE;

export const JOB_TITLES = ['Actor', 'Director', 'Producer', 'Writer', 'Cinematographer'] as const;
type JobTitle = (typeof JOB_TITLES)[number];

const LANGUAGES: ReadonlyArray<readonly [string, number]> = [
  ['English', 30],
  ['Hindi', 20],
  ['Tamil', 8],
  ['Telugu', 8],
  ['Malayalam', 7],
  ['Bengali', 5],
  ['Spanish', 5],
  ['Marathi', 4],
  ['French', 4],
  ['Kannada', 3],
  ['Japanese', 3],
  ['Korean', 3],
];

/** Names that read like well-known releases are never used, however the words fall. */
const AVOIDED_NAMES = new Set(['the glass garden', 'the hidden garden', 'the silent echo', 'echo & river']);

export const MOVIE_COUNT = 64;
export const SHOW_COUNT = 16;
export const PEOPLE_COUNT = 120;
export const BANNER_COUNT = 5;
export const RECENT_DAYS = 7;

export interface DemoPerson {
  name: string;
  email: string | null;
  role: JobTitle;
  art: ArtJob;
}

export interface DemoEpisode {
  episode_number: number;
  name: string;
  description: string;
  duration_minutes: number;
  art: ArtJob;
}

export interface DemoSeason {
  season_number: number;
  name: string;
  episodes: DemoEpisode[];
}

export interface DemoTitle {
  type: 'movie' | 'tvshow';
  name: string;
  description: string;
  release_date: string;
  language: string;
  duration_minutes: number;
  content_rating: string;
  imdb_rating: number;
  is_free: number;
  like_count: number;
  view_count: number;
  created_at: number;
  poster: ArtJob;
  thumbnail: ArtJob;
  genres: string[];
  cast: { person: string; job_title: JobTitle }[];
  /** Views per day, today first, for the last RECENT_DAYS days. */
  recentViews: { day: string; views: number }[];
  seasons: DemoSeason[];
}

export interface DemoBanner {
  title: string;
  art: ArtJob;
  position: number;
}

/** A plan with the limits the service enforces (its cards list exactly these). */
export interface DemoPlan {
  name: string;
  price_minor: number;
  discount_percent: number;
  max_height: number;
  screens: number;
  /** Household profiles an account on the plan may have. */
  profiles: number;
  has_ads: boolean;
}

export interface DemoCatalog {
  genres: readonly string[];
  people: DemoPerson[];
  titles: DemoTitle[];
  banners: DemoBanner[];
  plans: DemoPlan[];
  tax: { name: string; percent: number };
  art: ArtJob[];
}

function weighted<T>(rng: Rng, options: ReadonlyArray<readonly [T, number]>): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

function releaseDate(rng: Rng, today: string): string {
  const thisYear = Number(today.slice(0, 4));
  // About half of the catalog is from the last fifteen years; the rest reaches back to 1970.
  const year = rng.chance(0.5) ? rng.int(thisYear - 14, thisYear) : rng.int(1970, thisYear - 15);
  const date = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  return date > today ? today : date;
}

function contentRating(rng: Rng, genres: readonly string[]): string {
  if (genres.includes('Animation')) return rng.pick(['U', 'U/A 7+']);
  if (genres.includes('Horror')) return rng.pick(['U/A 16+', 'A']);
  if (genres.includes('Documentary')) return rng.pick(['U', 'U/A 7+', 'U/A 13+']);
  return rng.pick(CONTENT_RATINGS);
}

function emailFor(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@talent.example`;
}

function createPeople(rng: Rng): DemoPerson[] {
  const names = new Set<string>();
  while (names.size < PEOPLE_COUNT) names.add(personName(rng));
  // Most people act; the rest direct, produce, write or shoot.
  const roles: JobTitle[] = [
    ...Array<JobTitle>(80).fill('Actor'),
    ...Array<JobTitle>(15).fill('Director'),
    ...Array<JobTitle>(10).fill('Producer'),
    ...Array<JobTitle>(8).fill('Writer'),
    ...Array<JobTitle>(7).fill('Cinematographer'),
  ];
  const shuffledRoles = rng.shuffle(roles);
  return [...names].map((name, index) => ({
    name,
    email: index % 3 === 0 ? emailFor(name) : null,
    role: shuffledRoles[index]!,
    art: portraitArt(name),
  }));
}

/** Hands out people of one role in turn, so everyone appears in at least one title. */
function rotation(rng: Rng, people: DemoPerson[], role: JobTitle): () => DemoPerson {
  const pool = rng.shuffle(people.filter((person) => person.role === role));
  let next = 0;
  return () => pool[next++ % pool.length]!;
}

function castFor(
  rng: Rng,
  take: Record<JobTitle, () => DemoPerson>,
): { person: string; job_title: JobTitle }[] {
  const size = rng.int(4, 8);
  const crewRoles = rng.sample(
    ['Producer', 'Writer', 'Cinematographer'] as const,
    rng.int(0, Math.min(3, size - 3)),
  );
  const actorCount = size - 1 - crewRoles.length;
  const wanted: JobTitle[] = [...Array<JobTitle>(actorCount).fill('Actor'), 'Director', ...crewRoles];
  const cast: { person: string; job_title: JobTitle }[] = [];
  const used = new Set<string>();
  for (const role of wanted) {
    let person = take[role]();
    for (let attempt = 0; used.has(person.name) && attempt < 10; attempt++) person = take[role]();
    if (used.has(person.name)) continue;
    used.add(person.name);
    cast.push({ person: person.name, job_title: role });
  }
  return cast;
}

function createSeasons(rng: Rng, showName: string, lead: string, episodeMinutes: number): DemoSeason[] {
  const seasons: DemoSeason[] = [];
  const seasonCount = rng.int(1, 3);
  for (let season = 1; season <= seasonCount; season++) {
    const names = new Set<string>();
    const episodeCount = rng.int(3, 8);
    while (names.size < episodeCount) names.add(episodeName(rng));
    seasons.push({
      season_number: season,
      name: `Season ${season}`,
      episodes: [...names].map((name, index) => ({
        episode_number: index + 1,
        name,
        description: episodeDescription(rng, lead),
        duration_minutes: Math.max(18, episodeMinutes + rng.int(-5, 6)),
        art: episodeArt(showName, season, index + 1, name),
      })),
    });
  }
  return seasons;
}

/**
 * Popularity in three independent parts, so that each browse row has its own order: a long-tail
 * all-time audience, a like ratio, and a recent trend that favours new releases.
 */
function audience(rng: Rng, releaseDay: string, today: string, imdb: number) {
  const ageYears = (Date.parse(today) - Date.parse(releaseDay)) / (365 * DAY_MS);
  const allTime = Math.round(400 * Math.exp(rng.float(0, 5.2)) * (imdb / 7));
  const likeRatio = rng.float(0.015, 0.3);
  const trend = Math.pow(rng.next(), 2.5) * (ageYears < 2 ? 3 : ageYears < 8 ? 1.4 : 0.6);
  const recentViews = Array.from({ length: RECENT_DAYS }, (_, back) => ({
    day: isoDay(Date.parse(today) - back * DAY_MS),
    views: rng.chance(0.08) ? 0 : Math.round(trend * 520 * rng.float(0.55, 1.45)),
  }));
  const recentTotal = recentViews.reduce((sum, day) => sum + day.views, 0);
  const viewCount = allTime + recentTotal;
  return { viewCount, likeCount: Math.round(viewCount * likeRatio), recentViews };
}

export function buildDemoCatalog(now: number = Date.now()): DemoCatalog {
  const rng = createRng(20_240_617);
  const today = isoDay(now);
  const people = createPeople(rng);
  const take = {
    Actor: rotation(rng, people, 'Actor'),
    Director: rotation(rng, people, 'Director'),
    Producer: rotation(rng, people, 'Producer'),
    Writer: rotation(rng, people, 'Writer'),
    Cinematographer: rotation(rng, people, 'Cinematographer'),
  } satisfies Record<JobTitle, () => DemoPerson>;

  const names = new Set<string>();
  while (names.size < MOVIE_COUNT + SHOW_COUNT) {
    const name = titleName(rng);
    if (!AVOIDED_NAMES.has(name.toLowerCase())) names.add(name);
  }
  // Shows are spread through the list rather than bunched at the end.
  const showSlots = new Set(rng.sample([...Array(MOVIE_COUNT + SHOW_COUNT).keys()], SHOW_COUNT));

  const titles: DemoTitle[] = [...names].map((name, index) => {
    const type = showSlots.has(index) ? 'tvshow' : 'movie';
    const genres = [GENRES[index % GENRES.length]!];
    for (const extra of rng.sample(GENRES, rng.int(0, 2))) if (!genres.includes(extra)) genres.push(extra);
    const description = titleDescription(rng, type);
    const release = releaseDate(rng, today);
    const imdb = Math.round((4.5 + ((rng.next() + rng.next()) / 2) * 4.8) * 10) / 10;
    const episodeMinutes = rng.int(22, 58);
    const duration = type === 'movie' ? rng.int(82, 178) : episodeMinutes;
    const { viewCount, likeCount, recentViews } = audience(rng, release, today, imdb);
    const caption = `${release.slice(0, 4)} · ${genres[0]}`;
    return {
      type,
      name,
      description,
      release_date: release,
      language: weighted(rng, LANGUAGES),
      duration_minutes: duration,
      content_rating: contentRating(rng, genres),
      imdb_rating: Math.min(9.3, imdb),
      is_free: rng.chance(0.25) ? 1 : 0,
      like_count: likeCount,
      view_count: viewCount,
      created_at: now - (MOVIE_COUNT + SHOW_COUNT - index) * 60_000,
      poster: posterArt(name, caption),
      thumbnail: thumbnailArt(name, caption),
      genres,
      cast: castFor(rng, take),
      recentViews,
      seasons: type === 'tvshow' ? createSeasons(rng, name, leadOf(description), episodeMinutes) : [],
    };
  });

  // Banners feature well-rated titles that people actually watch, including at least one show.
  const recentYear = Number(today.slice(0, 4)) - 12;
  const score = (title: DemoTitle) =>
    title.imdb_rating *
    Math.log10(10 + title.view_count) *
    (Number(title.release_date.slice(0, 4)) >= recentYear ? 1.3 : 1);
  const ranked = [...titles].sort((a, b) => score(b) - score(a));
  const featured = ranked.slice(0, BANNER_COUNT);
  if (!featured.some((title) => title.type === 'tvshow')) {
    featured[BANNER_COUNT - 1] = ranked.find((title) => title.type === 'tvshow')!;
  }
  const banners = featured.map((title, position) => ({
    title: title.name,
    position,
    art: bannerArt(title.name, `${title.genres.join(' · ')} · ${title.release_date.slice(0, 4)}`),
  }));

  const plans: DemoPlan[] = [
    {
      name: 'Basic',
      price_minor: 14_900,
      discount_percent: 0,
      max_height: 720,
      screens: 1,
      profiles: 2,
      has_ads: true,
    },
    {
      name: 'Standard',
      price_minor: 39_900,
      discount_percent: 10,
      max_height: 1080,
      screens: 2,
      profiles: 4,
      has_ads: false,
    },
    {
      name: 'Premium',
      price_minor: 64_900,
      discount_percent: 0,
      max_height: 2160,
      screens: 4,
      profiles: 5,
      has_ads: false,
    },
  ];

  const art = [
    ...titles.flatMap((title) => [
      title.poster,
      title.thumbnail,
      ...title.seasons.flatMap((season) => season.episodes.map((episode) => episode.art)),
    ]),
    ...people.map((person) => person.art),
    ...banners.map((banner) => banner.art),
  ];

  return { genres: GENRES, people, titles, banners, plans, tax: { name: 'GST', percent: 18 }, art };
}
