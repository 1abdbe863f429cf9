import path from 'node:path';
import type { Config } from '../../config';
import type { FileStore } from './file-store';
import { createLocalFileStore } from './local-file-store';

/** The media store the configuration names; the S3 client is only loaded when it is used. */
export async function chooseFileStore(config: Pick<Config, 'dataDir' | 'mediaStore'>): Promise<FileStore> {
  const choice = config.mediaStore;
  if (choice.kind === 'local') return createLocalFileStore(path.join(config.dataDir, 'media'));
  const { createS3Client, createS3FileStore } = await import('./s3-file-store');
  return createS3FileStore({ client: createS3Client(choice.s3), bucket: choice.s3.bucket });
}
