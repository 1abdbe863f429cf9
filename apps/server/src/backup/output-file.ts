import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, errorCode } from './backup-error';

/**
 * The archive is written to a hidden file beside its destination and renamed into place once
 * complete, so the destination never holds half an archive.
 */
export interface OutputFile {
  /** The draft, open for writing; whoever writes the archive closes it. */
  file: FileHandle;
  draft: string;
  /** A hidden folder beside the destination for the database copy, removed by discard/commit. */
  workDir: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** Checks the destination and opens its hidden draft; each problem gets a message of its own. */
export async function openOutputFile(destination: string, options: { force: boolean }): Promise<OutputFile> {
  const target = path.resolve(destination);
  const folder = path.dirname(target);
  const folderInfo = await stat(folder).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT') throw new BackupError(`The folder ${folder} does not exist.`);
    throw error;
  });
  if (!folderInfo.isDirectory()) throw new BackupError(`${folder} is not a folder.`);
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory()) throw new BackupError(`${target} is a folder; give the archive's file name.`);
  if (existing && !options.force) {
    throw new BackupError(`${target} already exists; add --force to replace it.`);
  }

  const stem = `.${path.basename(target)}.${randomBytes(6).toString('hex')}`;
  const draft = path.join(folder, `${stem}.partial`);
  const workDir = path.join(folder, `${stem}.work`);
  let file: FileHandle;
  try {
    file = await open(draft, 'wx', 0o600);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new BackupError(
        `Cannot write in ${folder}: ${code === 'EROFS' ? 'read-only file system' : 'permission denied'}.`,
      );
    }
    throw error;
  }
  const removeWork = () => rm(workDir, { recursive: true, force: true });
  return {
    file,
    draft,
    workDir,
    async commit() {
      // The archive's write stream closed the file; it is opened again only to flush it to disk.
      const written = await open(draft, 'r+');
      try {
        await written.sync();
      } finally {
        await written.close();
      }
      await rename(draft, target);
      await removeWork();
    },
    async discard() {
      await file.close().catch(() => undefined);
      await rm(draft, { force: true });
      await removeWork();
    },
  };
}
