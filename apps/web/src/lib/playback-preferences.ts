import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  PlaybackPreferencesEndpoints,
  type PlaybackPreferences,
  type PlaybackPreferencesChange,
  type SubtitleStyle,
} from '@reeltime/contract';
import { callEndpoint } from './api-client';
import { useIsSignedIn } from './session';

/** The profile's player preferences; a profile switch starts every query over, these included. */
export const playbackPreferencesKey = ['playback', 'preferences'] as const;

export function playbackPreferencesQuery() {
  return queryOptions({
    queryKey: playbackPreferencesKey,
    queryFn: ({ signal }) => callEndpoint(PlaybackPreferencesEndpoints.get, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Saves a change and keeps the cached preferences to what the server answered. */
export function useSavePlaybackPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PlaybackPreferencesChange) =>
      callEndpoint(PlaybackPreferencesEndpoints.update, { body: change }),
    onSuccess: (saved: PlaybackPreferences) => queryClient.setQueryData(playbackPreferencesKey, saved),
  });
}

/** What the player needs of the preferences: languages to try, the style, and a way to keep a choice. */
export interface PlayerPreferences {
  /** Undefined while they load: the player waits before choosing tracks. */
  languages: { audio: string | null; subtitles: string | null } | undefined;
  subtitleStyle: SubtitleStyle | undefined;
  /** Keeps a language the viewer chose in the player's menus; a failed save only loses the memory. */
  save: (change: PlaybackPreferencesChange) => void;
}

/**
 * The signed-in profile's preferences for a player of full videos; read only while `wanted` (a
 * page showing a trailer has no use for them).
 */
export function usePlayerPreferences(wanted = true): PlayerPreferences | undefined {
  const signedIn = useIsSignedIn() && wanted;
  const { data, isError } = useQuery({ ...playbackPreferencesQuery(), enabled: signedIn });
  const { mutate } = useSavePlaybackPreferences();
  return useMemo(() => {
    if (!signedIn) return undefined;
    return {
      // Without them (a failed read) the stream's own defaults play.
      languages: data
        ? { audio: data.audio_language, subtitles: data.subtitle_language }
        : isError
          ? { audio: null, subtitles: null }
          : undefined,
      subtitleStyle: data?.subtitle_style,
      save: (change) => mutate(change),
    };
  }, [signedIn, data, isError, mutate]);
}
