import type { MovieCard } from '@reeltime/contract';
import type { Db } from '../../db/connection';
import type { TitleRow } from '../../db/database';
import { withinRating, type RatingFilter } from './rating-filter';
import { thumbnailSources } from './thumbnail-sources';

/** The title columns a MovieCard needs; every query that lists cards selects exactly these. */
export const CARD_COLUMNS = [
  'titles.id',
  'titles.name',
  'titles.type',
  'titles.poster_image',
  'titles.thumbnail_image',
  'titles.thumbnail_widths',
  'titles.content_rating',
  'titles.language',
  'titles.duration_minutes',
] as const;

type TitleColumn<Qualified> = Qualified extends `titles.${infer Column extends keyof TitleRow}`
  ? Column
  : never;

/** A row of {@link CARD_COLUMNS}. */
export type CardRow = Pick<TitleRow, TitleColumn<(typeof CARD_COLUMNS)[number]>>;

/**
 * Published titles within the reader's ratings as card rows, named `cards`: how lists kept by
 * other modules (the watch list, Continue Watching) join titles, by `cards.id`.
 */
export const publishedCards = (db: Db, rating: RatingFilter) =>
  db
    .selectFrom('titles')
    .select(CARD_COLUMNS)
    .where('titles.is_published', '=', 1)
    .$call(withinRating(rating))
    .as('cards');

/** Minutes as the wire's `H:M` text: 125 -> `2:05`, 45 -> `0:45`; unknown stays null. */
export function formatDuration(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return null;
  const total = Math.round(minutes);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The year of a `YYYY-MM-DD` date (the part before the first dash), or null. */
export function releaseYear(releaseDate: string | null | undefined): number | null {
  if (!releaseDate) return null;
  const year = Number.parseInt(releaseDate.split('-', 1)[0] ?? '', 10);
  return Number.isFinite(year) ? year : null;
}

/** A card as every member sees it before their own watch list is laid over it. */
export function toMovieCard(row: CardRow, isWatchList = false): MovieCard {
  const sources = thumbnailSources(row.thumbnail_image, row.thumbnail_widths);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    poster_image: row.poster_image,
    thumbnail_image: row.thumbnail_image,
    ...(sources.length > 0 ? { thumbnail_sources: sources } : {}),
    content_rating: row.content_rating,
    language: row.language,
    duration: formatDuration(row.duration_minutes),
    is_watch_list: isWatchList,
  };
}

/**
 * The member's watch-list state laid over shared (possibly cached) cards. Returns new objects
 * and leaves the input untouched, so a cached list never carries one member's state to another.
 */
export function overlayWatchList(cards: readonly MovieCard[], onList: ReadonlySet<number>): MovieCard[] {
  return cards.map((card) => {
    const isWatchList = onList.has(card.id);
    return card.is_watch_list === isWatchList ? card : { ...card, is_watch_list: isWatchList };
  });
}
