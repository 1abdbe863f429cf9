import type { Episode, MovieDetail, Progress, Season, VideoLink } from '@reeltime/contract';
import type { PlayerSource } from '../../components/player/video-player';
import { isFinishedAt } from '../../lib/playback-progress';

/** Where a member stopped in one title or episode. */
export interface SavedPosition {
  position: number;
  duration: number;
}

export interface EpisodeEntry {
  episode: Episode;
  season: Season;
}

/** Every episode in viewing order: seasons by number, episodes by number. */
export function episodesInOrder(seasons: readonly Season[]): EpisodeEntry[] {
  return [...seasons]
    .sort((a, b) => a.season_number - b.season_number)
    .flatMap((season) =>
      [...season.episodes]
        .sort((a, b) => a.episode_number - b.episode_number)
        .map((episode) => ({ episode, season })),
    );
}

export function findEpisode(seasons: readonly Season[], episodeId: number | null): EpisodeEntry | null {
  if (episodeId === null) return null;
  return episodesInOrder(seasons).find((entry) => entry.episode.id === episodeId) ?? null;
}

/** The playable episode after `episodeId` (crossing into the next season), or null. */
export function nextEpisode(seasons: readonly Season[], episodeId: number): EpisodeEntry | null {
  const order = episodesInOrder(seasons);
  const index = order.findIndex((entry) => entry.episode.id === episodeId);
  if (index === -1) return null;
  return order.slice(index + 1).find((entry) => entry.episode.video_links.length > 0) ?? null;
}

/** The first episode that has a video. */
export function firstPlayableEpisode(seasons: readonly Season[]): EpisodeEntry | null {
  return episodesInOrder(seasons).find((entry) => entry.episode.video_links.length > 0) ?? null;
}

/** `S1 E2` */
export function episodeCode({ episode, season }: EpisodeEntry): string {
  return `S${season.season_number} E${episode.episode_number}`;
}

/** The link to play: an HLS stream first, then a file, then an embed. */
export function sourceOf(links: readonly VideoLink[]): PlayerSource | null {
  const rank: Record<VideoLink['type'], number> = { hls: 0, url: 1, youtube: 2, vimeo: 3, dailymotion: 4 };
  const best = [...links].filter((link) => link.url).sort((a, b) => rank[a.type] - rank[b.type])[0];
  if (!best) return null;
  return best.markers?.length
    ? { type: best.type, url: best.url, markers: best.markers }
    : { type: best.type, url: best.url };
}

/** Where the member stopped in an episode, when they have played it. */
export function episodeProgressOf(episode: Episode): SavedPosition | undefined {
  return episode.progress
    ? { position: episode.progress.position_seconds, duration: episode.progress.duration_seconds }
    : undefined;
}

/** Where the member stopped in each episode they have played, by episode id. */
export function episodePositions(seasons: readonly Season[]): Map<number, SavedPosition> {
  const map = new Map<number, SavedPosition>();
  for (const episode of seasons.flatMap((season) => season.episodes)) {
    const saved = episodeProgressOf(episode);
    if (saved) map.set(episode.id, saved);
  }
  return map;
}

/** A position worth resuming from: at least a second in and not finished. */
export function isResumable(saved: SavedPosition | null | undefined): saved is SavedPosition {
  return Boolean(saved && saved.position >= 1 && !isFinishedAt(saved.position, saved.duration));
}

export type ResumeOffer =
  /** Nothing saved: play from the start (for a show, its first playable episode). */
  | { kind: 'start'; episode: EpisodeEntry | null }
  /** Stopped part-way: resume there, or play that title or episode from the start. */
  | { kind: 'resume'; episode: EpisodeEntry | null; position: number; duration: number }
  /** Watched to the end: a movie starts over; a show moves on to its next episode when there is one. */
  | { kind: 'finished'; episode: EpisodeEntry | null; next: EpisodeEntry | null };

/** What the details page offers a member, from the title's latest saved progress. */
export function resumeOfferFor(movie: MovieDetail, progress: Progress | null | undefined): ResumeOffer {
  const seasons = movie.type === 'tvshow' ? (movie.seasons ?? []) : [];
  const isShow = movie.type === 'tvshow';
  const episode = isShow ? findEpisode(seasons, progress?.episode_id ?? null) : null;
  if (!progress || (isShow && !episode)) {
    return { kind: 'start', episode: isShow ? firstPlayableEpisode(seasons) : null };
  }
  const saved = { position: progress.position_seconds, duration: progress.duration_seconds };
  if (isFinishedAt(saved.position, saved.duration)) {
    return { kind: 'finished', episode, next: episode ? nextEpisode(seasons, episode.episode.id) : null };
  }
  if (!isResumable(saved)) return { kind: 'start', episode: episode ?? firstPlayableEpisode(seasons) };
  return { kind: 'resume', episode, position: saved.position, duration: saved.duration };
}

/** Where the watch view starts: the title itself or one of its episodes, and the second to start at. */
export interface WatchStart {
  episodeId: number | null;
  startAt: number;
}

/** A saved position's second to resume at, or 0 when it is not worth resuming. */
export function startOf(saved: SavedPosition | undefined): number {
  return isResumable(saved) ? saved.position : 0;
}

/** The episode asked for in the address, or where the member stopped (the next episode once finished). */
export function watchStartOf(movie: MovieDetail, episodeId: number | null): WatchStart {
  const seasons = movie.seasons ?? [];
  const asked = findEpisode(seasons, episodeId);
  if (asked) return { episodeId: asked.episode.id, startAt: startOf(episodeProgressOf(asked.episode)) };
  const offer = resumeOfferFor(movie, movie.progress);
  if (offer.kind === 'resume')
    return { episodeId: offer.episode?.episode.id ?? null, startAt: offer.position };
  const entry = offer.kind === 'finished' ? (offer.next ?? offer.episode) : offer.episode;
  return { episodeId: entry?.episode.id ?? null, startAt: 0 };
}

/** The episodes the watch view offers: a show's, none for a movie. */
export function watchSeasonsOf(movie: MovieDetail): Season[] {
  return movie.type === 'tvshow' ? (movie.seasons ?? []) : [];
}

/** What the watch view plays for the title or one of its episodes. */
export function watchSourceOf(movie: MovieDetail, episodeId: number | null): PlayerSource | null {
  const current = findEpisode(watchSeasonsOf(movie), episodeId);
  return sourceOf(current ? current.episode.video_links : movie.video_links);
}

/** Where the credits of what plays start, when its video has a credits marker. */
export function creditsStartOf(source: PlayerSource | null): number | null {
  return source?.markers?.find((marker) => marker.type === 'credits')?.start ?? null;
}
