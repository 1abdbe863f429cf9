import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveMediaTools } from '../../src/media/media-tools';

const run = promisify(execFile);

/**
 * A real video file made with ffmpeg (test pattern and a tone), for suites that upload, import or
 * transcode one. Written into `folder`; returns its path.
 */
export async function makeClip(
  folder: string,
  options: { seconds: number; width?: number; height?: number; name?: string },
): Promise<string> {
  const { tools } = resolveMediaTools({}, process.env);
  const width = options.width ?? 320;
  const height = options.height ?? 240;
  const file = path.join(folder, options.name ?? `clip-${options.seconds}s-${height}p.mp4`);
  await run(tools.ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${options.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${options.seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}
