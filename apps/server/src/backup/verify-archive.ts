import { migrationNames } from '../db/migrations/index';
import { DamagedArchive, NotABackup, type ExtractedArchive } from './archive-reader';
import { BackupError } from './backup-error';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, ManifestSchema, type Manifest } from './manifest';

/** The manifest, once it is readable and every file matches it byte for byte. */
export function verifyArchive(extracted: ExtractedArchive): Manifest {
  const manifest = readManifest(extracted);
  const found = new Map(extracted.files.map((file) => [file.path, file]));
  for (const listed of manifest.files) {
    const file = found.get(listed.path);
    if (!file) throw new DamagedArchive(`${listed.path} is missing from it`);
    if (file.size !== listed.size || file.sha256 !== listed.sha256) {
      throw new DamagedArchive(`${listed.path} does not match its checksum`);
    }
    found.delete(listed.path);
  }
  const extra = found.keys().next();
  if (!extra.done) throw new DamagedArchive(`${extra.value} is not listed in its manifest`);
  if (!manifest.files.some((file) => file.path === manifest.database.file)) {
    throw new DamagedArchive('its manifest lists no database copy');
  }
  return manifest;
}

function readManifest({ manifest, files }: ExtractedArchive): Manifest {
  if (!manifest) {
    // A backup's first entry is its database copy; without one this is some other archive.
    if (files.some((file) => file.path.startsWith('database/'))) {
      throw new DamagedArchive('its manifest is missing (a truncated copy?)');
    }
    throw new NotABackup('it has no Reeltime manifest');
  }
  let json: unknown;
  try {
    json = JSON.parse(manifest.toString('utf8'));
  } catch {
    throw new DamagedArchive('its manifest is not readable JSON');
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) throw new NotABackup('its manifest is not a Reeltime backup manifest');
  const version = (json as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `This backup was written by a newer Reeltime (archive format ${version}, this version reads ${BACKUP_FORMAT_VERSION}); restore it with that version or newer. Nothing was written.`,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new DamagedArchive('its manifest is not readable');
  return parsed.data;
}

/**
 * The schema must be one this code knows: an older one is brought up to date when the site
 * starts, a newer one has tables and columns this code would not keep.
 */
export function checkRestorable(manifest: Manifest, targetDialect: 'sqlite' | 'postgres'): void {
  const { schemaVersion, dialect } = manifest.database;
  if (!migrationNames.includes(schemaVersion)) {
    const latest = migrationNames.at(-1);
    throw new BackupError(
      `This backup's database schema (${schemaVersion}) is newer than this version of Reeltime knows ` +
        `(latest ${latest}); restore it with the version that took it (${manifest.appVersion}) or newer. Nothing was written.`,
    );
  }
  if (dialect !== targetDialect) {
    throw new BackupError(
      `This backup holds a ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database and DATABASE_URL points to ` +
        `${targetDialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}; restore it into the same kind of database. Nothing was written.`,
    );
  }
}
