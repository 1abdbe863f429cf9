import { ConfigError } from '../config';
import { BackupError } from './backup-error';

/**
 * Runs the main of `backup` or `restore` and exits with its code. A refusal it knows (a
 * BackupError, or a setting) is one line after `refused`; anything else a stack trace; both exit 1.
 */
export function runBackupCommand(refused: string, main: () => Promise<number>): void {
  // Should the work stop without settling (a stream left waiting), the process must not look successful.
  process.exitCode = 1;
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof BackupError || error instanceof ConfigError;
      console.error(known ? `${refused}: ${error.message}` : error);
      process.exit(1);
    },
  );
}
