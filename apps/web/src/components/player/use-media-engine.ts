import { useCallback, useEffect, useReducer, useRef, type RefObject } from 'react';
import { trackInLanguage } from './language-match';
import {
  attachSource,
  type AudioOption,
  type CaptionOption,
  type FailureReason,
  type MediaEngine,
  type QualityOption,
} from './media-engine';

/** What the engine reports and the viewer chose: renditions, captions, and a failure. */
export interface EngineState {
  /** Bumped by a retry, which attaches a fresh engine. */
  attempt: number;
  failure: FailureReason | null;
  qualities: QualityOption[];
  /** The level the viewer chose, -1 for automatic. */
  qualityChoice: number;
  /** The level playing now, -1 while unknown. */
  playingLevel: number;
  captions: { options: CaptionOption[]; active: number };
  audio: { options: AudioOption[]; active: number };
}

type EngineEvent =
  | { type: 'qualities'; options: QualityOption[] }
  | { type: 'playing-level'; level: number }
  | { type: 'quality-chosen'; level: number }
  | { type: 'captions'; options: CaptionOption[]; active: number }
  | { type: 'captions-chosen'; id: number }
  | { type: 'audio'; options: AudioOption[]; active: number }
  | { type: 'audio-chosen'; id: number }
  | { type: 'failed'; reason: FailureReason }
  | { type: 'retried' };

const INITIAL: EngineState = {
  attempt: 0,
  failure: null,
  qualities: [],
  qualityChoice: -1,
  playingLevel: -1,
  captions: { options: [], active: -1 },
  audio: { options: [], active: -1 },
};

export function engineReducer(state: EngineState, event: EngineEvent): EngineState {
  switch (event.type) {
    case 'qualities':
      return { ...state, qualities: event.options };
    case 'playing-level':
      return { ...state, playingLevel: event.level };
    case 'quality-chosen':
      return { ...state, qualityChoice: event.level };
    case 'captions':
      return { ...state, captions: { options: event.options, active: event.active } };
    case 'captions-chosen':
      return { ...state, captions: { ...state.captions, active: event.id } };
    case 'audio':
      return { ...state, audio: { options: event.options, active: event.active } };
    case 'audio-chosen':
      return { ...state, audio: { ...state.audio, active: event.id } };
    case 'failed':
      return { ...state, failure: event.reason };
    case 'retried':
      return { ...INITIAL, attempt: state.attempt + 1 };
  }
}

interface EngineOptions {
  src: string;
  hls: boolean;
  /** Seconds to start at. */
  startAt: number;
  autoPlay: boolean;
  /** Told the rendition playing whenever it changes (hls.js only). */
  onRendition?: (height: number, bitrate: number) => void;
  /**
   * The profile's languages, tried once per attach as soon as the stream lists its tracks and
   * these are known (undefined while they load): null keeps the stream's default audio and shows
   * no subtitles.
   */
  languages?: { audio: string | null; subtitles: string | null } | undefined;
}

/**
 * One engine (one hls.js instance) per source and attempt, destroyed on cleanup, and what it
 * reports. After a failure, a retry attaches a fresh engine at the last position played.
 */
export function useMediaEngine(
  videoRef: RefObject<HTMLVideoElement | null>,
  { src, hls, startAt, autoPlay, onRendition, languages }: EngineOptions,
) {
  const renditionListener = useRef(onRendition);
  renditionListener.current = onRendition;
  const engineRef = useRef<MediaEngine | null>(null);
  const [state, dispatch] = useReducer(engineReducer, INITIAL);

  /** Where to start the next attach (the start position, then the last position before a failure). */
  const resumeAt = useRef(startAt);
  const playOnAttach = useRef(autoPlay);
  /** The last position played, kept up to date by the page's playback events. */
  const lastPosition = useRef(startAt);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const engine = attachSource(
      video,
      {
        src,
        hls,
        startPosition: resumeAt.current,
        autoPlay: playOnAttach.current,
        deferLoad: !playOnAttach.current,
      },
      {
        onQualities: (options) => dispatch({ type: 'qualities', options }),
        onQuality: ({ playing }) => dispatch({ type: 'playing-level', level: playing }),
        onRendition: ({ height, bitrate }) => renditionListener.current?.(height, bitrate),
        onCaptions: (options, active) => dispatch({ type: 'captions', options, active }),
        onAudioTracks: (options, active) => dispatch({ type: 'audio', options, active }),
        onFatal: (reason) => {
          resumeAt.current = lastPosition.current;
          dispatch({ type: 'failed', reason });
        },
      },
    );
    engineRef.current = engine;
    return () => {
      engine.destroy();
      if (engineRef.current === engine) engineRef.current = null;
    };
  }, [videoRef, src, hls, state.attempt]);

  /** Whether the profile's languages were applied (or overruled by a choice) since the last attach. */
  const languagesApplied = useRef({ audio: false, subtitles: false });
  useEffect(() => {
    languagesApplied.current = { audio: false, subtitles: false };
  }, [src, state.attempt]);
  useEffect(() => {
    const engine = engineRef.current;
    if (!engine || !languages) return;
    const applied = languagesApplied.current;
    if (!applied.audio && state.audio.options.length > 0) {
      applied.audio = true;
      const track = trackInLanguage(state.audio.options, languages.audio);
      if (track && track.id !== state.audio.active) {
        engine.setAudioTrack(track.id);
        dispatch({ type: 'audio-chosen', id: track.id });
      }
    }
    if (!applied.subtitles && state.captions.options.length > 0) {
      applied.subtitles = true;
      const track = trackInLanguage(state.captions.options, languages.subtitles);
      if (track && track.id !== state.captions.active) {
        engine.setCaptions(track.id);
        dispatch({ type: 'captions-chosen', id: track.id });
      }
    }
  }, [languages, state.audio, state.captions]);

  const retry = useCallback((from?: number) => {
    if (from !== undefined) resumeAt.current = from;
    playOnAttach.current = true;
    dispatch({ type: 'retried' });
  }, []);

  const chooseQuality = (level: number) => {
    dispatch({ type: 'quality-chosen', level });
    engineRef.current?.setQuality(level);
  };

  const chooseCaptions = (id: number) => {
    languagesApplied.current.subtitles = true;
    engineRef.current?.setCaptions(id);
    dispatch({ type: 'captions-chosen', id });
  };

  const chooseAudio = (id: number) => {
    languagesApplied.current.audio = true;
    engineRef.current?.setAudioTrack(id);
    dispatch({ type: 'audio-chosen', id });
  };

  return { engineRef, state, lastPosition, retry, chooseQuality, chooseCaptions, chooseAudio };
}
