import { mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageLocations } from '../config';
import { createArchiveWriter } from './archive-writer';
import { errorCode } from './backup-error';
import { listDataFiles } from './data-folders';
import { databaseFileName, snapshotDatabase } from './database-snapshot';
import {
  appVersion,
  ArchivePaths,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type ArchivedFile,
  type Manifest,
} from './manifest';
import { openOutputFile } from './output-file';
import type { Progress, ProgressCounts } from './progress';

export interface BackupResult {
  manifest: Manifest;
  /** Files listed at the start that were gone when their turn came (deleted while archiving). */
  vanished: string[];
  archiveBytes: number;
}

/** The file store's folder in DATA_DIR; database URLs name its keys. */
const MEDIA_FOLDER = 'media/';

/** The largest number of missing files the manifest names; the count is always exact. */
const MISSING_LISTED = 1000;

/**
 * Writes one archive of the database and the data folder while the site runs: the database first
 * (one consistent snapshot), then the files as they are when each is read. See docs/backups.md.
 */
export async function createBackup(
  locations: StorageLocations,
  destination: string,
  options: {
    force?: boolean;
    /** Called once the destination is known to be writable, as the database copy starts. */
    onDatabaseCopy?: () => void;
    progress?: (total: ProgressCounts) => Progress;
  } = {},
): Promise<BackupResult> {
  const output = await openOutputFile(destination, { force: options.force ?? false });
  try {
    await mkdir(output.workDir);
    options.onDatabaseCopy?.();
    const snapshot = await snapshotDatabase(locations, output.workDir);
    const dataFiles = await listDataFiles(locations.dataDir);

    const archive = createArchiveWriter(output.file.createWriteStream());
    const databaseEntry = `${ArchivePaths.databaseFolder}/${databaseFileName(locations.dialect)}`;
    const files: ArchivedFile[] = [];
    const vanished: string[] = [];
    const done: ProgressCounts = { files: 0, bytes: 0 };
    const total = await sizeOf(locations.dataDir, dataFiles, snapshot.file);
    const progress = options.progress?.(total);
    const count = (bytes: number) => {
      done.bytes += bytes;
      progress?.update(done);
    };

    const databaseFile = await open(snapshot.file);
    try {
      files.push(await archive.addFile(databaseEntry, databaseFile, count));
    } finally {
      await databaseFile.close();
    }
    done.files++;
    for (const name of dataFiles) {
      const file = await open(path.join(locations.dataDir, name)).catch((error: unknown) => {
        if (errorCode(error) === 'ENOENT') return undefined;
        throw error;
      });
      if (!file) {
        vanished.push(name);
        continue;
      }
      try {
        files.push(await archive.addFile(`${ArchivePaths.dataFolder}/${name}`, file, count));
      } finally {
        await file.close();
      }
      done.files++;
      progress?.update(done);
    }
    progress?.end();

    const mediaPrefix = `${ArchivePaths.dataFolder}/${MEDIA_FOLDER}`;
    const archivedKeys = new Set(
      files
        .filter((file) => file.path.startsWith(mediaPrefix))
        .map((file) => file.path.slice(mediaPrefix.length)),
    );
    const missing = [...snapshot.referencedKeys].filter((key) => !archivedKeys.has(key)).sort();
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion,
      nodeVersion: process.version,
      database: {
        dialect: locations.dialect,
        schemaVersion: snapshot.schemaVersion,
        rowCounts: snapshot.rowCounts,
        file: databaseEntry,
      },
      files,
      missingFiles: missing.slice(0, MISSING_LISTED),
    };
    await archive.addBuffer(ArchivePaths.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await archive.finish();
    const archiveBytes = (await stat(output.draft)).size;
    await output.commit();
    return { manifest: { ...manifest, missingFiles: missing }, vanished, archiveBytes };
  } catch (error) {
    await output.discard();
    throw error;
  }
}

async function sizeOf(dataDir: string, dataFiles: string[], databaseCopy: string): Promise<ProgressCounts> {
  let bytes = (await stat(databaseCopy)).size;
  for (const name of dataFiles)
    bytes += (await stat(path.join(dataDir, name)).catch(() => undefined))?.size ?? 0;
  return { files: dataFiles.length + 1, bytes };
}
