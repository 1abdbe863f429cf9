import { formatBytes } from './format';

export interface ProgressCounts {
  files: number;
  bytes: number;
}

export interface Progress {
  /** The work done so far; written out when enough time has passed since the last line. */
  update(done: ProgressCounts): void;
  /** Clears a terminal's progress line. */
  end(): void;
}

const TERMINAL_INTERVAL_MS = 200;
/** A log file gets a line every so often, not one per file. */
const LOG_INTERVAL_MS = 10_000;

/** Progress of `label` on `out` (stderr): one rewritten line on a terminal, an occasional line otherwise. */
export function createProgress(
  label: string,
  total: ProgressCounts,
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
): Progress {
  const terminal = Boolean(out.isTTY);
  const interval = terminal ? TERMINAL_INTERVAL_MS : LOG_INTERVAL_MS;
  let last = Date.now();
  let shown = false;
  const line = (done: ProgressCounts) => {
    const percent = total.bytes > 0 ? Math.floor((done.bytes / total.bytes) * 100) : 100;
    const files = total.files > 0 ? `, ${done.files}/${total.files} files` : '';
    return `${label}: ${formatBytes(done.bytes)} of ${formatBytes(total.bytes)} (${percent}%${files})`;
  };
  return {
    update(done) {
      const now = Date.now();
      if (now - last < interval) return;
      last = now;
      shown = true;
      out.write(terminal ? `\r\x1b[2K${line(done)}` : `${line(done)}\n`);
    },
    end() {
      if (terminal && shown) out.write('\r\x1b[2K');
    },
  };
}
