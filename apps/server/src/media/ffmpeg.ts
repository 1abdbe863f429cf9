import { spawn } from 'node:child_process';

/** The binaries the pipeline runs (see media-tools.ts for where they are found). */
export interface MediaTools {
  ffmpegPath: string;
  ffprobePath: string;
  /** The environment each runs in, when it needs one of its own (the bundled static builds). */
  ffmpegEnv?: NodeJS.ProcessEnv | undefined;
  ffprobeEnv?: NodeJS.ProcessEnv | undefined;
}

export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
    this.name = 'MediaToolError';
  }
}

export class AbortedError extends Error {
  constructor() {
    super('The job was stopped.');
    this.name = 'AbortedError';
  }
}

const STDERR_TAIL = 2000;
const FFMPEG_STALL_MS = 5 * 60_000;

interface RunOptions {
  cwd?: string;
  /** The tool's whole environment; inherited when unset. */
  env?: NodeJS.ProcessEnv | undefined;
  signal?: AbortSignal | undefined;
  /** Called with each line written to stdout. */
  onStdoutLine?: (line: string) => void;
  /** Collect stdout as a Buffer (for ffprobe JSON or piped images). */
  captureStdout?: boolean;
  /** Kill the tool when it writes nothing to stdout for this long. */
  stallTimeoutMs?: number;
}

/** Runs a tool with arguments (never through a shell); rejects with the tail of stderr on failure. */
export function runTool(bin: string, args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const child = spawn(bin, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    let pending = '';
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let stalled = false;
    let watchdog: NodeJS.Timeout | undefined;
    const feedWatchdog = () => {
      if (!options.stallTimeoutMs) return;
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        child.kill('SIGKILL');
      }, options.stallTimeoutMs);
    };
    feedWatchdog();
    child.stdout.on('data', (chunk: Buffer) => {
      feedWatchdog();
      if (options.captureStdout) chunks.push(chunk);
      if (options.onStdoutLine) {
        pending += chunk.toString('utf8');
        let newline = pending.indexOf('\n');
        while (newline !== -1) {
          options.onStdoutLine(pending.slice(0, newline).trim());
          pending = pending.slice(newline + 1);
          newline = pending.indexOf('\n');
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
      reject(
        error.code === 'ENOENT'
          ? new MediaToolError(
              `${bin} was not found; install ffmpeg or set FFMPEG_PATH and FFPROBE_PATH`,
              null,
              '',
            )
          : error,
      );
    });
    child.on('close', (code) => {
      clearTimeout(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
      if (aborted) reject(new AbortedError());
      else if (stalled)
        reject(
          new MediaToolError(
            `${bin} made no progress for ${options.stallTimeoutMs! / 1000} s`,
            code,
            stderr.trim(),
          ),
        );
      else if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new MediaToolError(`${bin} exited with code ${code}`, code, stderr.trim()));
    });
  });
}

/**
 * Runs ffmpeg with `-progress pipe:1` and reports how far the output has got, in seconds of
 * media time (`out_time_us`).
 */
export function runFfmpeg(
  tools: MediaTools,
  args: readonly string[],
  options: { cwd?: string; signal?: AbortSignal | undefined; onTime?: (seconds: number) => void } = {},
): Promise<void> {
  const fullArgs = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    '-y',
    '-progress',
    'pipe:1',
    ...args,
  ];
  return runTool(tools.ffmpegPath, fullArgs, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: tools.ffmpegEnv,
    signal: options.signal,
    // -progress reports about twice a second while ffmpeg works; silence this long means it hangs.
    stallTimeoutMs: FFMPEG_STALL_MS,
    onStdoutLine: (line) => {
      if (!options.onTime || !line.startsWith('out_time_us=')) return;
      const micros = Number(line.slice('out_time_us='.length));
      if (Number.isFinite(micros) && micros >= 0) options.onTime(micros / 1_000_000);
    },
  }).then(() => undefined);
}
