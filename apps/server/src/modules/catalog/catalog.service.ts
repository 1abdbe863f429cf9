import {
  ServerMessages,
  type Banner,
  type Cast,
  type EpisodeProgress,
  type Genre,
  type MovieCard,
  type MovieDetail,
  type PageQuery,
  type RowName,
  type Season,
  type VideoLink,
} from '@reeltime/contract';
import { createVideoMarkersRepository } from '../titles/video-markers.repository';
import type { AppContext } from '../../context';
import type { Viewer } from '../auth/auth-user';
import { NotFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { DAY_MS, isoDay } from '../../lib/time';
import { signMediaUrl } from '../../media/signed-url';
import { createPlaybackService } from '../playback/playback.service';
import { createWatchlistService } from '../watchlist/watchlist.service';
import { formatDuration, overlayWatchList, releaseYear, toMovieCard } from '../titles/card.mapper';
import { CatalogNamespaces } from './catalog-invalidation';
import { createEntitlementService } from '../billing/entitlement.service';
import { playbackLimits } from '../playback/plan-limits';
import { createCatalogRepository, type ListFilter } from '../titles/catalog.repository';
import { ratingKey, type RatingFilter } from '../titles/rating-filter';

/** Popular and Top TV Channels rank by views over this many days, today included. */
export const RECENT_VIEW_DAYS = 7;
/** More Like This holds at most this many titles. */
export const MORE_ITEMS = 12;

/**
 * Cache keys of the shared catalog reads, one per distinct answer (the visitors' bytes use them
 * too, without a rating filter). A filtered read has its own key, named by the labels it allows.
 */
export const catalogKeys = {
  banners: (rating: RatingFilter = null) => `banners${ratingKey(rating)}`,
  genres: 'genres',
  row: (name: RowName, query: PageQuery, rating: RatingFilter = null) =>
    `row:${name}:${query.page}:${query.per_page}${ratingKey(rating)}`,
  tvShows: (query: PageQuery, rating: RatingFilter = null) =>
    `tvshows:${query.page}:${query.per_page}${ratingKey(rating)}`,
  list: (filter: ListFilter, query: PageQuery, rating: RatingFilter = null) =>
    `list:${filter.genreId ?? ''}:${filter.actorId ?? ''}:${query.page}:${query.per_page}${ratingKey(rating)}`,
  detail: (id: number, rating: RatingFilter = null) => `detail:${id}${ratingKey(rating)}`,
};

type LinkType = VideoLink['type'];
type PlayerMarker = NonNullable<VideoLink['markers']>[number];

/**
 * A member's link to a full video: private files get a signed, expiring URL that serves
 * renditions up to the member's cap (decisions 0006 and 0012), with the video's skip markers when
 * it has any (decision 0043).
 */
function toVideoLink(
  config: AppContext['config'],
  video: { type: LinkType; url: string; quality: string | null },
  maxHeight: number,
  markers: PlayerMarker[] | undefined,
): VideoLink {
  const url = signMediaUrl(config, video.url, { maxHeight });
  return {
    type: video.type,
    url,
    ...(video.quality ? { quality: video.quality } : {}),
    ...(markers ? { markers } : {}),
  };
}

/** A title's trailer: its own trailer_url, else its first ready trailer video. */
function trailerOf(
  title: { id: number; trailer_url: string; trailer_url_type: LinkType },
  trailers: Map<number, { type: LinkType; url: string }>,
): { trailer_url: string; trailer_url_type: LinkType } {
  if (title.trailer_url) return { trailer_url: title.trailer_url, trailer_url_type: title.trailer_url_type };
  const video = trailers.get(title.id);
  return video
    ? { trailer_url: video.url, trailer_url_type: video.type }
    : { trailer_url: '', trailer_url_type: title.trailer_url_type };
}

function firstByTitle<T extends { title_id: number | null }>(rows: T[]): Map<number, T> {
  const first = new Map<number, T>();
  for (const row of rows) if (row.title_id !== null && !first.has(row.title_id)) first.set(row.title_id, row);
  return first;
}

/** The parts of a title's details that every visitor shares, cached as one value. */
interface SharedDetail {
  detail: MovieDetail;
  episodeIds: number[];
  /** Free titles play in full for every member, with a plan or not. */
  isFree: boolean;
}

export function createCatalogService(ctx: AppContext) {
  const repo = createCatalogRepository(ctx.db, ctx.dialect);
  const markers = createVideoMarkersRepository(ctx.db);
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    ctx.cache.getOrLoad(`${CatalogNamespaces.catalog}:${key}`, ctx.config.catalogCacheSeconds, load);

  // What a member did with titles is kept by the modules that record it.
  const watchlist = createWatchlistService(ctx);
  const playback = createPlaybackService(ctx);
  const entitlement = createEntitlementService(ctx);
  const { withWatchList } = watchlist;

  /**
   * Throws NotFound for an unknown or unpublished id, or one rated above the filter, so misses are
   * never cached and a hidden title answers exactly as a missing one.
   */
  async function loadShared(id: number, rating: RatingFilter): Promise<SharedDetail> {
    const title = await repo.findPublishedTitle(id, rating);
    if (!title) throw new NotFound(ServerMessages.titleNotFound);
    const genres = await repo.genresOfTitles([id]);
    const [cast, episodes, related, trailers] = await Promise.all([
      repo.cast(id),
      title.type === 'tvshow' ? repo.episodesOfTitle(id) : Promise.resolve([]),
      repo.related(
        id,
        genres.map((genre) => genre.id),
        MORE_ITEMS,
        rating,
      ),
      title.trailer_url ? Promise.resolve([]) : repo.trailersOfTitles([id]),
    ]);
    const casts: Cast[] = cast.map((person) => ({
      id: person.person_id,
      name: person.name,
      profile_image: person.profile_image,
      job_title: person.job_title,
      has_email: Number(person.has_email) === 1,
    }));
    const seasons: Season[] = [];
    const episodeIds: number[] = [];
    for (const row of episodes) {
      let season = seasons.at(-1);
      if (!season || season.id !== row.season_id) {
        season = { id: row.season_id, season_number: row.season_number, name: row.season_name, episodes: [] };
        seasons.push(season);
      }
      if (row.episode_id === null) continue;
      episodeIds.push(row.episode_id);
      season.episodes.push({
        id: row.episode_id,
        episode_number: row.episode_number ?? 0,
        name: row.episode_name ?? '',
        description: row.description ?? '',
        duration: formatDuration(row.duration_minutes),
        thumbnail_image: row.thumbnail_image ?? '',
        video_links: [],
      });
    }
    const detail: MovieDetail = {
      id: title.id,
      name: title.name,
      type: title.type,
      description: title.description,
      release_year: releaseYear(title.release_date),
      language: title.language,
      duration: formatDuration(title.duration_minutes),
      imdb_rating: title.imdb_rating,
      content_rating: title.content_rating,
      poster_image: title.poster_image,
      thumbnail_image: title.thumbnail_image,
      ...trailerOf(title, firstByTitle(trailers)),
      video_links: [],
      needs_plan: false,
      is_watch_list: false,
      is_liked: false,
      likes: title.like_count,
      genres: genres.map((genre) => ({ id: genre.id, name: genre.name })),
      more_items: related.map((row) => toMovieCard(row)),
      casts,
      ...(title.type === 'tvshow' ? { seasons } : {}),
    };
    return { detail, episodeIds, isFree: title.is_free === 1 };
  }

  /**
   * Full videos (by the account's plan), and the watch list, like and progress of the profile
   * acting, laid over the shared details.
   */
  async function forMember(shared: SharedDetail, viewer: Viewer): Promise<MovieDetail> {
    const { detail, episodeIds } = shared;
    const profileId = viewer.profile.id;
    const limits = playbackLimits(await entitlement.currentPlan(viewer.id), shared.isFree);
    const entitled = limits !== null;
    const [onList, state, videos, progressOf] = await Promise.all([
      watchlist.titleIds(profileId),
      playback.titleState(profileId, detail.id),
      entitled ? repo.mainVideos(detail.id, episodeIds) : Promise.resolve([]),
      detail.seasons ? playback.episodeProgress(profileId, detail.id) : new Map<number, EpisodeProgress>(),
    ]);
    const markersOf = new Map<number, PlayerMarker[]>();
    for (const { video_id, type, start, end } of await markers.ofVideos(videos.map((video) => video.id))) {
      const list = markersOf.get(video_id) ?? [];
      list.push({ type, start, end });
      markersOf.set(video_id, list);
    }
    const linkOf = (video: (typeof videos)[number]) =>
      toVideoLink(ctx.config, video, limits!.maxHeight, markersOf.get(video.id));
    const titleLinks: VideoLink[] = [];
    const episodeLinks = new Map<number, VideoLink[]>();
    for (const video of videos) {
      if (video.title_id === detail.id) titleLinks.push(linkOf(video));
      else if (video.episode_id !== null) {
        const links = episodeLinks.get(video.episode_id) ?? [];
        links.push(linkOf(video));
        episodeLinks.set(video.episode_id, links);
      }
    }
    return {
      ...detail,
      video_links: titleLinks,
      needs_plan: !entitled,
      is_watch_list: onList.has(detail.id),
      is_liked: state.is_liked,
      likes: state.likes,
      more_items: overlayWatchList(detail.more_items, onList),
      ...(detail.seasons
        ? {
            seasons: detail.seasons.map((season) => ({
              ...season,
              episodes: season.episodes.map((episode) => {
                const progress = progressOf.get(episode.id);
                return {
                  ...episode,
                  video_links: episodeLinks.get(episode.id) ?? [],
                  ...(progress ? { progress } : {}),
                };
              }),
            })),
          }
        : {}),
      progress: state.progress
        ? {
            position_seconds: state.progress.position_seconds,
            duration_seconds: state.progress.duration_seconds,
            ...(state.progress.episode_id ? { episode_id: state.progress.episode_id } : {}),
          }
        : null,
    };
  }

  return {
    /** Published cards of these ids in the given order (unknown, unpublished and hidden ids are skipped). */
    async cardsByIds(ids: readonly number[], rating: RatingFilter): Promise<MovieCard[]> {
      const rows = await repo.cardsByIds(ids, rating);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const cards: MovieCard[] = [];
      for (const id of ids) {
        const row = byId.get(id);
        if (row) cards.push(toMovieCard(row));
      }
      return cards;
    },

    banners(rating: RatingFilter): Promise<Banner[]> {
      return cached(catalogKeys.banners(rating), async () => {
        const rows = await repo.banners(rating);
        const ids = [...new Set(rows.map((row) => row.id))];
        const [genres, trailers] = await Promise.all([
          repo.genresOfTitles(ids),
          repo.trailersOfTitles(rows.filter((row) => !row.trailer_url).map((row) => row.id)),
        ]);
        const genresByTitle = new Map<number, Genre[]>();
        for (const genre of genres) {
          const list = genresByTitle.get(genre.title_id) ?? [];
          list.push({ id: genre.id, name: genre.name });
          genresByTitle.set(genre.title_id, list);
        }
        const trailerByTitle = firstByTitle(trailers);
        return rows.map((row) => ({
          poster_url: row.poster_url,
          data: {
            id: row.id,
            name: row.name,
            description: row.description,
            release_date: row.release_date ?? '',
            language: row.language,
            duration: formatDuration(row.duration_minutes),
            imdb_rating: row.imdb_rating,
            ...trailerOf(row, trailerByTitle),
            genres: genresByTitle.get(row.id) ?? [],
          },
        }));
      });
    },

    async row(
      name: RowName,
      query: PageQuery,
      profileId: number | null,
      rating: RatingFilter,
    ): Promise<MovieCard[]> {
      const cards = await cached(catalogKeys.row(name, query, rating), async () => {
        const since = isoDay(Date.now() - (RECENT_VIEW_DAYS - 1) * DAY_MS);
        return (await repo.row(name, toPage(query), since, rating)).map((row) => toMovieCard(row));
      });
      return withWatchList(cards, profileId);
    },

    async tvShows(query: PageQuery, profileId: number | null, rating: RatingFilter): Promise<MovieCard[]> {
      const cards = await cached(catalogKeys.tvShows(query, rating), async () =>
        (await repo.tvShows(toPage(query), rating)).map((row) => toMovieCard(row)),
      );
      return withWatchList(cards, profileId);
    },

    genres(): Promise<Genre[]> {
      return cached(catalogKeys.genres, () => repo.genres());
    },

    async movieList(
      filter: ListFilter,
      query: PageQuery,
      profileId: number | null,
      rating: RatingFilter,
    ): Promise<MovieCard[]> {
      const cards = await cached(catalogKeys.list(filter, query, rating), async () =>
        (await repo.list(filter, toPage(query), rating)).map((row) => toMovieCard(row)),
      );
      return withWatchList(cards, profileId);
    },

    /**
     * A published title's details; full videos, watch list, like and progress only for a member.
     * A title rated above the filter is NotFound, so no media URL is ever signed for it.
     */
    async details(id: number, viewer: Viewer | null, rating: RatingFilter): Promise<MovieDetail> {
      const shared = await cached(catalogKeys.detail(id, rating), () => loadShared(id, rating));
      return viewer === null ? shared.detail : forMember(shared, viewer);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
