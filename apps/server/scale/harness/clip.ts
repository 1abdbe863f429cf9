import path from 'node:path';
import { makeClip as writeClip } from '../../src/media/media.fixtures';
import { resolveMediaTools } from '../../src/media/media-tools';

/**
 * A real video file made with ffmpeg (test pattern and a tone), for suites that upload, import or
 * transcode one. Written into `folder`; returns its path.
 */
export async function makeClip(
  folder: string,
  options: { seconds: number; width?: number; height?: number; name?: string },
): Promise<string> {
  const { tools } = resolveMediaTools({}, process.env);
  const { seconds, width = 320, height = 240 } = options;
  const file = path.join(folder, options.name ?? `clip-${seconds}s-${height}p.mp4`);
  await writeClip(file, { seconds, width, height, ffmpeg: tools.ffmpegPath });
  return file;
}
