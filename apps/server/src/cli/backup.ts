/**
 * npm run backup -- --out <file> [--force]
 *
 * Writes one gzip-compressed archive of the database, the data folder's media, uploads and
 * secrets, and a manifest, while the site keeps running. Uses the server's own DATA_DIR and
 * DATABASE_URL. See docs/backups.md.
 */
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create-backup';
import { formatBytes, formatSeconds } from '../backup/format';
import { createProgress } from '../backup/progress';
import { loadStorageLocations } from '../config';
import { resolveFromInvocation } from './invocation-path';
import { runBackupCommand } from '../backup/run-command';

const USAGE = `Usage: npm run backup -- --out <file> [--force]

  --out    the archive to write (e.g. /backups/reeltime-2026-01-31.tar.gz)
  --force  replace the file if it exists`;

/** How many missing files are named on the terminal; the manifest lists more. */
const MISSING_SHOWN = 10;

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  if (positionals.length > 0) throw new Error(`unexpected argument: ${positionals[0]}`);
  if (!values.out) throw new Error('--out is required');
  return { out: resolveFromInvocation(values.out), force: values.force };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`backup: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  const locations = loadStorageLocations();
  const result = await createBackup(locations, args.out, {
    force: args.force,
    // The database copy shows no progress of its own; say what the wait is for.
    onDatabaseCopy: () =>
      console.error(
        `Copying the ${locations.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, then the files…`,
      ),
    progress: (total) => createProgress('Archiving', total),
  });
  const { manifest } = result;
  const missing = manifest.missingFiles;
  if (missing.length > 0) {
    console.error(
      `Warning: ${missing.length} file(s) the database refers to were not in the data folder:\n` +
        missing
          .slice(0, MISSING_SHOWN)
          .map((key) => `  media/${key}`)
          .join('\n') +
        (missing.length > MISSING_SHOWN ? `\n  … (listed in the archive's manifest.json)` : ''),
    );
  }
  if (result.vanished.length > 0) {
    console.error(`${result.vanished.length} file(s) were deleted while the backup ran and are not in it.`);
  }
  const dataBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    `Backup written to ${args.out}: ${formatBytes(result.archiveBytes)} ` +
      `(${manifest.files.length} files, ${formatBytes(dataBytes)} before compression; ` +
      `${manifest.database.dialect} schema ${manifest.database.schemaVersion}) in ${formatSeconds(Date.now() - started)}.`,
  );
  return 0;
}

runBackupCommand('Backup failed', main);
