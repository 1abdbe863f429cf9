import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageLocations } from '../config';
import { extractArchive } from './archive-reader';
import { BackupError, errorCode } from './backup-error';
import { BACKED_UP_FOLDERS } from './data-folders';
import { checkDatabaseEmpty, restoreDatabase } from './database-restore';
import type { Manifest } from './manifest';
import type { Progress, ProgressCounts } from './progress';
import { checkRestorable, verifyArchive } from './verify-archive';

async function checkArchiveFile(archive: string): Promise<number> {
  const info = await stat(archive).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') throw new BackupError(`${archive} does not exist.`);
    throw error;
  });
  if (!info.isFile()) throw new BackupError(`${archive} is not a file.`);
  return info.size;
}

/** Whether DATA_DIR exists; refuses one that holds anything. */
async function checkDataDirEmpty(dataDir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(dataDir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    if (errorCode(error) === 'ENOTDIR') throw new BackupError(`DATA_DIR ${dataDir} is not a folder.`);
    throw error;
  }
  if (names.length > 0) {
    const shown = names.sort().slice(0, 5).join(', ');
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${shown}${names.length > 5 ? ', …' : ''}); restore into an empty or new folder. Nothing was written.`,
    );
  }
  return true;
}

/**
 * Restores an archive into an empty DATA_DIR and an empty database. Everything is unpacked into a
 * hidden folder inside DATA_DIR and checked against the manifest first; only then is the database
 * restored and are the folders moved into place. Any failure before that leaves both as they were.
 */
export async function restoreBackup(
  archive: string,
  locations: StorageLocations,
  options: { progress?: (total: ProgressCounts) => Progress } = {},
): Promise<Manifest> {
  const archiveBytes = await checkArchiveFile(archive);
  const dataDirExisted = await checkDataDirEmpty(locations.dataDir);
  await checkDatabaseEmpty(locations);

  await mkdir(locations.dataDir, { recursive: true });
  const staging = path.join(locations.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  try {
    const progress = options.progress?.({ files: 0, bytes: archiveBytes });
    const read: ProgressCounts = { files: 0, bytes: 0 };
    const extracted = await extractArchive(archive, staging, (bytes) => {
      read.bytes += bytes;
      progress?.update(read);
    });
    progress?.end();
    const manifest = verifyArchive(extracted);
    checkRestorable(manifest, locations.dialect);

    await restoreDatabase(
      path.join(staging, ...manifest.database.file.split('/')),
      locations,
      manifest.database.rowCounts,
    );
    for (const folder of BACKED_UP_FOLDERS) {
      await rename(path.join(staging, 'data', folder), path.join(locations.dataDir, folder)).catch(
        (error: unknown) => {
          if (errorCode(error) !== 'ENOENT') throw error;
        },
      );
    }
    // The archive keeps files' modes, not folders': the secrets' folder is the operator's alone again.
    await chmod(path.join(locations.dataDir, 'secrets'), 0o700).catch(() => undefined);
    return manifest;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (!dataDirExisted) await rmdir(locations.dataDir).catch(() => undefined);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
