import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { serverDir } from '../../src/cluster/cluster';

const run = promisify(execFile);

export interface ImportedVideo {
  videoId: number;
  /** Whether a worker process took the job while the command followed it. */
  runByWorker: boolean;
  output: string;
}

/**
 * Adds a video file to a title with the project's own `media:import` command, run as its own
 * process with the site's environment, as an operator would; resolves once the video is ready.
 */
export async function importVideo(
  env: NodeJS.ProcessEnv,
  file: string,
  titleId: number,
): Promise<ImportedVideo> {
  let stdout = '';
  let stderr = '';
  try {
    ({ stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/media-import.ts', file, '--title', String(titleId)],
      { cwd: serverDir, env, timeout: 300_000 },
    ));
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`media:import failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
  }
  const output = `${stdout}${stderr}`;
  const added = /Video (\d+) added/.exec(stdout);
  if (!added || !/Ready in /.test(stdout))
    throw new Error(`media:import did not make the video ready:\n${output}`);
  return { videoId: Number(added[1]), runByWorker: /the running server took the job/.test(stdout), output };
}
