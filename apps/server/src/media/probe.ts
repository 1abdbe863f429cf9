import { runTool, type MediaTools } from './ffmpeg';

export interface MediaInfo {
  durationSeconds: number;
  /** Display size (after any rotation the player applies). */
  width: number;
  height: number;
  /** Frames per second of the video stream (30 when the file does not say). */
  fps: number;
  hasAudio: boolean;
  /** Every audio stream in file order: the first is muxed into the renditions, the others can become audio tracks. */
  audioStreams: AudioStreamInfo[];
  formatName: string;
  videoCodec: string;
}

export interface AudioStreamInfo {
  /** The container's language tag as it is (`eng`, `es`), if any. */
  language: string | undefined;
  title: string | undefined;
}

/** The file is not a video we can read: wrong bytes, no video stream, or no duration. */
export class NotAVideoError extends Error {
  constructor(reason: string) {
    super(`Not a playable video: ${reason}`);
    this.name = 'NotAVideoError';
  }
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  start_time?: string;
  profile?: string;
  level?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string; language?: string; title?: string };
  side_data_list?: { rotation?: number }[];
}

export interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; start_time?: string; bit_rate?: string };
}

/** Formats ffprobe reports for still images, which may carry a "video" stream of one frame. */
const IMAGE_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp|tiff?|bmp|ico|svg)(,|$)/;

/** ffprobe's JSON for a file (streams and format). */
export async function ffprobeJson(
  tools: MediaTools,
  file: string,
  extra: readonly string[] = [],
): Promise<ProbeOutput> {
  const out = await runTool(
    tools.ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...extra, file],
    { captureStdout: true, env: tools.ffprobeEnv },
  );
  return JSON.parse(out.toString('utf8')) as ProbeOutput;
}

function frameRate(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const [num, den] = text.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return undefined;
  const rate = den ? num / den : num;
  return Number.isFinite(rate) && rate > 0 && rate <= 240 ? rate : undefined;
}

function rotation(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation;
  const degrees = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? Math.abs(Math.round(degrees)) % 180 : 0;
}

/**
 * Reads a file's container and streams with ffprobe, by its bytes (never its name). Throws
 * {@link NotAVideoError} for anything that is not a video with a duration.
 */
export async function probe(tools: MediaTools, file: string): Promise<MediaInfo> {
  let output: ProbeOutput;
  try {
    output = await ffprobeJson(tools, file);
  } catch (error) {
    if (error instanceof Error && /not found; install ffmpeg/.test(error.message)) throw error;
    throw new NotAVideoError('ffprobe could not read it');
  }
  const formatName = output.format?.format_name ?? '';
  if (!formatName || IMAGE_FORMATS.test(formatName))
    throw new NotAVideoError(`format ${formatName || 'unknown'}`);
  const streams = output.streams ?? [];
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  if (!video || !video.width || !video.height) throw new NotAVideoError('no video stream');
  const duration = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new NotAVideoError('no duration');
  const turned = rotation(video) === 90;
  return {
    durationSeconds: duration,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    fps: frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate) ?? 30,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    audioStreams: audioStreamsOf(streams),
    formatName,
    videoCodec: video.codec_name ?? 'unknown',
  };
}

const audioStreamsOf = (streams: readonly ProbeStream[]): AudioStreamInfo[] =>
  streams
    .filter((stream) => stream.codec_type === 'audio')
    .map((stream) => ({ language: stream.tags?.language, title: stream.tags?.title }));

/** The file holds no audio we can read: wrong bytes, no audio stream, or no duration. */
export class NotAudioError extends Error {
  constructor(reason: string) {
    super(`Not playable audio: ${reason}`);
    this.name = 'NotAudioError';
  }
}

export interface AudioInfo {
  durationSeconds: number;
  audioStreams: AudioStreamInfo[];
}

/**
 * Reads an audio file (or any file with an audio stream) with ffprobe, by its bytes. Throws
 * {@link NotAudioError} when there is no audio stream or no duration.
 */
export async function probeAudio(tools: MediaTools, file: string): Promise<AudioInfo> {
  let output: ProbeOutput;
  try {
    output = await ffprobeJson(tools, file);
  } catch (error) {
    if (error instanceof Error && /not found; install ffmpeg/.test(error.message)) throw error;
    throw new NotAudioError('ffprobe could not read it');
  }
  const formatName = output.format?.format_name ?? '';
  if (!formatName || IMAGE_FORMATS.test(formatName))
    throw new NotAudioError(`format ${formatName || 'unknown'}`);
  const streams = output.streams ?? [];
  const audio = streams.filter((stream) => stream.codec_type === 'audio');
  if (audio.length === 0) throw new NotAudioError('no audio stream');
  const duration = Number(output.format?.duration ?? audio[0]!.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new NotAudioError('no duration');
  return { durationSeconds: duration, audioStreams: audioStreamsOf(streams) };
}
