import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverDir } from '../../src/cluster/cluster';

export interface SafetyNet {
  /** Names something just created, for the guardian to remove if the benchmark cannot. */
  tell(created: Record<string, string>): void;
}

/**
 * Starts support/guardian.ts as a detached process (so Ctrl-C and a SIGKILL of the benchmark do
 * not reach it) fed by a pipe: when the benchmark ends in any way the pipe closes and the guardian
 * removes whatever was left.
 */
export function startSafetyNet(): SafetyNet {
  const guardian = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'guardian.ts')],
    { cwd: serverDir, detached: true, stdio: ['pipe', 'ignore', 'inherit'] },
  );
  guardian.unref();
  const input = guardian.stdin!;
  // If the guardian could not start, the benchmark's own cleanup still runs.
  input.on('error', () => undefined);
  return {
    tell(created) {
      if (input.writable) input.write(`${JSON.stringify(created)}\n`);
    },
  };
}
