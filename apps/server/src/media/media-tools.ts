import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MediaTools } from './ffmpeg';

export type MediaToolName = 'ffmpeg' | 'ffprobe';

/** Where a media tool comes from, in the order they are tried. */
export type MediaToolSource = 'configured' | 'system' | 'bundled' | 'missing';

export interface ResolvedMediaTool {
  /** What to run: the configured path, the bare name (found on PATH) or the bundled binary. */
  path: string;
  source: MediaToolSource;
}

/** npm packages that ship a static binary per platform as optional dependencies. */
const BUNDLED_PACKAGES: Record<MediaToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

const require = createRequire(import.meta.url);

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The tool's path in one of the PATH folders, or null. */
export function findOnSearchPath(name: MediaToolName, searchPath: string | undefined): string | null {
  const suffixes = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const folder of (searchPath ?? '').split(path.delimiter)) {
    if (!folder) continue;
    for (const suffix of suffixes) {
      const candidate = path.join(folder, `${name}${suffix}`);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

/** The binary shipped by the npm package for this platform, or null when there is none. */
export function bundledMediaTool(name: MediaToolName): string | null {
  try {
    const { path: binary } = require(BUNDLED_PACKAGES[name]) as { path: string };
    return isExecutableFile(binary) ? binary : null;
  } catch {
    // No package for this platform or architecture (its optional dependency was skipped).
    return null;
  }
}

/**
 * FFMPEG_PATH / FFPROBE_PATH when set; else the system's tool on PATH; else the binary from the
 * npm package. When none is there the bare name is kept, so running it gives the usual
 * "install ffmpeg" message.
 */
export function resolveMediaTool(
  name: MediaToolName,
  configured: string | undefined,
  searchPath: string | undefined,
): ResolvedMediaTool {
  if (configured) return { path: configured, source: 'configured' };
  if (findOnSearchPath(name, searchPath)) return { path: name, source: 'system' };
  const bundled = bundledMediaTool(name);
  if (bundled) return { path: bundled, source: 'bundled' };
  return { path: name, source: 'missing' };
}

/**
 * The static builds in the npm packages carry their own C library, which crashes when it loads the
 * system's character-set modules (ffprobe dies reading any MPEG-TS file). Pointing GCONV_PATH at a
 * folder without them makes that lookup fail cleanly instead.
 */
function bundledToolEnvironment(binary: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, GCONV_PATH: path.dirname(binary) };
}

/** Both tools, each from the first place that has it, with the environment each needs. */
export function resolveMediaTools(
  configured: Partial<Record<MediaToolName, string>>,
  env: NodeJS.ProcessEnv,
): { tools: MediaTools; sources: Record<MediaToolName, MediaToolSource> } {
  const ffmpeg = resolveMediaTool('ffmpeg', configured.ffmpeg, env.PATH);
  const ffprobe = resolveMediaTool('ffprobe', configured.ffprobe, env.PATH);
  const environment = (tool: ResolvedMediaTool) =>
    tool.source === 'bundled' ? bundledToolEnvironment(tool.path, env) : undefined;
  return {
    tools: {
      ffmpegPath: ffmpeg.path,
      ffprobePath: ffprobe.path,
      ffmpegEnv: environment(ffmpeg),
      ffprobeEnv: environment(ffprobe),
    },
    sources: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source },
  };
}
