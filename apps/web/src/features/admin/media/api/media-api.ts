import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AdminIntroSuggestionEndpoints,
  AdminMediaEndpoints,
  type AdminVideo,
  type AdminVideoList,
  type IntroSuggestions,
} from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';

/** Query keys of the media section; a prefix refetches everything under it. */
export const mediaKeys = {
  all: ['admin', 'media'] as const,
  targets: (q: string) => ['admin', 'media', 'targets', q] as const,
  videos: ['admin', 'media', 'videos'] as const,
  video: (id: number) => ['admin', 'media', 'video', id] as const,
  markers: (id: number) => ['admin', 'media', 'markers', id] as const,
  introSuggestions: (seasonId: number) => ['admin', 'media', 'intro-suggestions', seasonId] as const,
};

/** How often a transcode under way is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;

/** Whether a video's transcode is still under way (queued or running). */
export const isTranscoding = (video: Pick<AdminVideo, 'job'>) =>
  video.job?.state === 'queued' || video.job?.state === 'running';

export const targetsQuery = (q: string) =>
  queryOptions({
    queryKey: mediaKeys.targets(q),
    queryFn: ({ signal }) => callEndpoint(AdminMediaEndpoints.targets, { query: { q }, signal }),
    placeholderData: keepPreviousData,
  });

export interface VideoListQuery {
  page: number;
  per_page: number;
  status?: AdminVideo['status'] | undefined;
  q?: string | undefined;
}

export const videosQuery = (query: VideoListQuery) =>
  queryOptions({
    queryKey: [...mediaKeys.videos, query],
    queryFn: ({ signal }) => callEndpoint(AdminMediaEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
    // Live while any transcode on the page is under way.
    refetchInterval: (query) =>
      (query.state.data as AdminVideoList | undefined)?.items.some(isTranscoding) ? PROGRESS_POLL_MS : false,
  });

export const videoQuery = (id: number) =>
  queryOptions({
    queryKey: mediaKeys.video(id),
    queryFn: ({ signal }) => callEndpoint(AdminMediaEndpoints.detail, { params: { id }, signal }),
    refetchInterval: (query) => {
      const video = query.state.data as AdminVideo | undefined;
      return !video || isTranscoding(video) ? PROGRESS_POLL_MS : false;
    },
  });

export const markersQuery = (id: number) =>
  queryOptions({
    queryKey: mediaKeys.markers(id),
    queryFn: ({ signal }) => callEndpoint(AdminMediaEndpoints.markers, { params: { id }, signal }),
  });

export const introSuggestionsQuery = (seasonId: number) =>
  queryOptions({
    queryKey: mediaKeys.introSuggestions(seasonId),
    queryFn: ({ signal }) =>
      callEndpoint(AdminIntroSuggestionEndpoints.latest, { params: { id: seasonId }, signal }),
    // Live while the job listens.
    refetchInterval: (query) => {
      const state = (query.state.data as IntroSuggestions | undefined)?.state;
      return state === 'pending' || state === 'running' ? PROGRESS_POLL_MS : false;
    },
  });
