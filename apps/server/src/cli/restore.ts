/**
 * npm run restore -- <file>
 *
 * Restores an archive of `npm run backup` into an empty DATA_DIR and an empty database
 * (DATABASE_URL, or the SQLite file in DATA_DIR). Checks the whole archive before writing
 * anything. See docs/backups.md.
 */
import { parseArgs } from 'node:util';
import { formatSeconds } from '../backup/format';
import { createProgress } from '../backup/progress';
import { restoreBackup } from '../backup/restore-backup';
import { loadStorageLocations } from '../config';
import { resolveFromInvocation } from './invocation-path';
import { runBackupCommand } from '../backup/run-command';

const USAGE = `Usage: npm run restore -- <file>

  Restores the archive into DATA_DIR and DATABASE_URL (or the SQLite file in DATA_DIR),
  which must both be empty.`;

async function main(): Promise<number> {
  let archive: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new Error('give exactly one archive to restore');
    archive = resolveFromInvocation(positionals[0]!);
  } catch (error) {
    console.error(`restore: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const started = Date.now();
  const locations = loadStorageLocations();
  const manifest = await restoreBackup(archive, locations, {
    progress: (total) => createProgress('Reading', total),
  });
  const rows = Object.values(manifest.database.rowCounts).reduce((sum, count) => sum + count, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (Reeltime ${manifest.appVersion}, schema ` +
      `${manifest.database.schemaVersion}): ${rows} rows and ${manifest.files.length - 1} files into ` +
      `${locations.dataDir} in ${formatSeconds(Date.now() - started)}. Start the site to serve it.`,
  );
  return 0;
}

runBackupCommand('Restore refused', main);
