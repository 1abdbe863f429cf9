import { z } from 'zod';
import serverPackage from '../../package.json' with { type: 'json' };

/** Marks an archive as a Reeltime backup; bumped when the layout changes incompatibly. */
export const BACKUP_FORMAT = 'reeltime-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Where things sit inside an archive. The manifest comes last: it lists every file before it. */
export const ArchivePaths = {
  manifest: 'manifest.json',
  /** The database copy: `database/reeltime.sqlite` or `database/reeltime.pgdump`. */
  databaseFolder: 'database',
  /** The data folder's own files, by their path under DATA_DIR: `data/media/…`, `data/secrets/…`. */
  dataFolder: 'data',
} as const;

const ArchivedFileSchema = z.object({
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  appVersion: z.string(),
  nodeVersion: z.string(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    /** The last migration applied when the copy was taken. */
    schemaVersion: z.string().min(1),
    /** Rows per table in the copy, checked again after a restore. */
    rowCounts: z.record(z.string(), z.number().int().min(0)),
    /** The archive path of the database copy; also listed in `files`. */
    file: z.string().min(1),
  }),
  /** Every file of the archive but the manifest, with its size and SHA-256. */
  files: z.array(ArchivedFileSchema),
  /** Media keys the database refers to that were not in the data folder when it was archived. */
  missingFiles: z.array(z.string()),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type ArchivedFile = z.infer<typeof ArchivedFileSchema>;

export const appVersion = serverPackage.version;
