import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  AdminIntroSuggestionEndpoints,
  IntroSuggestionMessages,
  type IntroSuggestions,
} from '@reeltime/contract';
import { errorMessage, requestEndpoint } from '../../../../lib/api-client';
import { introSuggestionsQuery, mediaKeys } from '../api/media-api';
import { formatMarkerTime } from './marker-form';

interface SuggestIntroProps {
  seasonId: number;
  videoId: number;
  /** Called once per finished run that found an intro for this video. */
  onSuggest: (intro: { start: number; end: number }) => void;
}

const episodesText = (count: number) => (count === 1 ? '1 episode' : `${count} episodes`);

/**
 * "Suggest intro": starts the season's intro suggestion job, follows it, and hands this video's
 * suggestion to the editor (nothing is saved here).
 */
export function SuggestIntro({ seasonId, videoId, onSuggest }: SuggestIntroProps) {
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: () => requestEndpoint(AdminIntroSuggestionEndpoints.start, { params: { id: seasonId } }),
    onSuccess: (envelope) => client.setQueryData(mediaKeys.introSuggestions(seasonId), envelope.data),
  });
  // Follows the run this dialog started only: an older result is not offered as new.
  const run = useQuery({ ...introSuggestionsQuery(seasonId), enabled: start.isSuccess });
  const data: IntroSuggestions | undefined = start.isSuccess ? run.data : undefined;
  const listening = data?.state === 'pending' || data?.state === 'running';
  const mine =
    data?.state === 'done' ? data.episodes.find((episode) => episode.video_id === videoId) : undefined;
  const suggestion = mine?.suggestion ?? null;

  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!data || data.state !== 'done' || !suggestion || applied.current === data.job_id) return;
    applied.current = data.job_id;
    onSuggest({ start: suggestion.start, end: suggestion.end });
  }, [data, suggestion, onSuggest]);

  let status: ReactNode = null;
  if (start.isError)
    status = (
      <p role="alert" className="text-warning small mb-0">
        {errorMessage(start.error, 'The suggestion could not be started.')}
      </p>
    );
  else if (run.isError)
    status = (
      <p role="alert" className="text-warning small mb-0">
        {errorMessage(run.error, 'The suggestion could not be followed.')}
      </p>
    );
  else if (listening)
    status = (
      <div role="status" className="small">
        <span>Listening to {episodesText(data.episode_count)}…</span>
        <div
          className="media-progress mt-1"
          role="progressbar"
          aria-label="Intro suggestion"
          aria-valuenow={data.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="media-progress__bar media-progress__bar--active"
            style={{ width: `${data.progress}%` }}
          >
            {Math.round(data.progress)}%
          </div>
        </div>
      </div>
    );
  else if (data?.state === 'failed')
    status = (
      <p role="alert" className="text-warning small mb-0">
        The suggestion failed: {data.error ?? 'no reason was given.'}
      </p>
    );
  else if (data?.state === 'done')
    status = suggestion ? (
      <p role="status" className="small mb-0">
        Suggested intro {formatMarkerTime(suggestion.start)}–{formatMarkerTime(suggestion.end)} (
        {Math.round(suggestion.confidence * 100)}% confidence), heard in {episodesText(data.episode_count)}:
        the intro lane is pre-filled, not saved. Check it, adjust it and save the markers.
      </p>
    ) : (
      <p role="status" className="small mb-0">
        {data.episodes.some((episode) => episode.suggestion)
          ? 'Nothing this episode shares with another episode of the season was found.'
          : IntroSuggestionMessages.nothingShared}
      </p>
    );

  return (
    <div className="marker-suggest mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <button
          type="button"
          className="btn btn-sm btn-outline-info"
          onClick={() => start.mutate()}
          disabled={start.isPending || listening}
          aria-busy={start.isPending || listening}
        >
          {listening ? 'Suggesting…' : 'Suggest intro'}
        </button>
        <span className="text-secondary small">
          Finds the audio this season&rsquo;s episodes share at their start.
        </span>
      </div>
      {status}
    </div>
  );
}
