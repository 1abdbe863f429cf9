/** A backup or restore that cannot go on; its message is meant for the operator, as is. */
export class BackupError extends Error {}

/** A file's error code (ENOENT, EACCES…), or undefined for any other error. */
export const errorCode = (error: unknown): string | undefined =>
  (error as NodeJS.ErrnoException | undefined)?.code;
