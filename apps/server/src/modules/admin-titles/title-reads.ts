import type {
  AdminEpisode,
  AdminSeason,
  AdminTitleDetail,
  AdminTitlePage,
  AdminTitleRow,
} from '@reeltime/contract';
import type { Selectable } from 'kysely';
import type { EpisodesTable, TitleRow } from '../../db/database';
import type { Page } from '../../lib/page';
import { titleFields } from '../titles/title-fields';
import { videoStateOf, type TitlesRepository } from '../titles/titles.repository';

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export function toAdminEpisode(row: Selectable<EpisodesTable>, statuses: readonly string[]): AdminEpisode {
  return {
    id: row.id,
    season_id: row.season_id,
    episode_number: row.episode_number,
    name: row.name,
    description: row.description,
    duration_minutes: row.duration_minutes,
    thumbnail_image: row.thumbnail_image,
    video_state: videoStateOf(statuses),
  };
}

/** Reads of the console's titles, shaped for the wire. */
export function createTitleReads(repo: TitlesRepository) {
  /** Video states of episodes, by episode id. */
  async function episodeStatuses(titleIds: readonly number[]) {
    const videos = await repo.mainVideosOf(titleIds);
    const byTitle = groupBy(videos, (video) => Number(video.title_id));
    const byEpisode = groupBy(
      videos.filter((video) => video.episode_id !== null),
      (video) => video.episode_id!,
    );
    return { byTitle, byEpisode };
  }

  async function seasonsOf(titleId: number): Promise<AdminSeason[]> {
    const seasons = await repo.seasonsOf(titleId);
    const episodes = groupBy(
      await repo.episodesOfSeasons(seasons.map((season) => season.id)),
      (episode) => episode.season_id,
    );
    const { byEpisode } = await episodeStatuses([titleId]);
    return seasons.map((season) => ({
      id: season.id,
      title_id: season.title_id,
      season_number: season.season_number,
      name: season.name,
      episodes: (episodes.get(season.id) ?? []).map((episode) =>
        toAdminEpisode(
          episode,
          (byEpisode.get(episode.id) ?? []).map((video) => video.status),
        ),
      ),
    }));
  }

  return {
    async page(rows: TitleRow[], total: number, page: Page): Promise<AdminTitlePage> {
      const ids = rows.map((row) => row.id);
      const [genres, { byTitle }, episodeCounts] = await Promise.all([
        repo.genresOf(ids),
        episodeStatuses(ids),
        repo.episodeCounts(ids),
      ]);
      const genresByTitle = groupBy(genres, (genre) => genre.title_id);
      const items: AdminTitleRow[] = rows.map((row) => {
        const videos = byTitle.get(row.id) ?? [];
        const readyEpisodes = new Set(
          videos
            .filter((video) => video.episode_id !== null && video.status === 'ready')
            .map((video) => video.episode_id),
        );
        return {
          id: row.id,
          name: row.name,
          type: row.type,
          poster_image: row.poster_image,
          thumbnail_image: row.thumbnail_image,
          genres: (genresByTitle.get(row.id) ?? []).map(({ id, name }) => ({ id, name })),
          is_published: Number(row.is_published) === 1,
          is_free: Number(row.is_free) === 1,
          video_state: videoStateOf(videos.map((video) => video.status)),
          episodes:
            row.type === 'tvshow'
              ? { total: episodeCounts.get(row.id) ?? 0, ready: readyEpisodes.size }
              : null,
          release_date: row.release_date,
          views: Number(row.view_count),
          created_at: iso(row.created_at),
        };
      });
      return { items, total, page: page.offset / page.limit + 1, per_page: page.limit };
    },

    /** The whole title as the editor shows it; undefined for an unknown id. */
    async detail(id: number): Promise<AdminTitleDetail | undefined> {
      const row = await repo.findTitle(id);
      if (!row) return undefined;
      const [genres, cast, seasons, { byTitle }] = await Promise.all([
        repo.genresOf([id]),
        repo.castOf(id),
        row.type === 'tvshow' ? seasonsOf(id) : Promise.resolve([]),
        episodeStatuses([id]),
      ]);
      const ownVideos = (byTitle.get(id) ?? []).filter((video) => video.episode_id === null);
      return {
        id: row.id,
        ...titleFields(row),
        genres: genres.map(({ id: genreId, name }) => ({ id: genreId, name })),
        cast,
        video_state: videoStateOf(ownVideos.map((video) => video.status)),
        seasons,
        views: Number(row.view_count),
        likes: Number(row.like_count),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
      };
    },

    seasonsOf,

    async season(seasonId: number): Promise<AdminSeason | undefined> {
      const season = await repo.findSeason(seasonId);
      if (!season) return undefined;
      return (await seasonsOf(season.title_id)).find((candidate) => candidate.id === seasonId);
    },

    async episode(episodeId: number): Promise<AdminEpisode | undefined> {
      const episode = await repo.findEpisode(episodeId);
      if (!episode) return undefined;
      const { byEpisode } = await episodeStatuses([episode.title_id]);
      return toAdminEpisode(
        episode,
        (byEpisode.get(episodeId) ?? []).map((video) => video.status),
      );
    },
  };
}
export type TitleReads = ReturnType<typeof createTitleReads>;
