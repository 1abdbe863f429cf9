import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../adapters/storage/file-store';
import type { PublishTree, TreeUpdate } from './pipeline';

/**
 * Hands each playable step of a transcode to the file store under `prefix` (a video's folder):
 * folders replace their namesakes, files are moved in, the master playlist last, so a player
 * never finds a master listing a rendition that is not there yet. `onPublished` runs after each
 * step (the first one makes the video playable).
 */
export function publishToStore(
  files: FileStore,
  prefix: string,
  onPublished: (update: TreeUpdate, step: number) => Promise<void>,
): PublishTree {
  let step = 0;
  return async (update) => {
    for (const part of update.parts) {
      const local = path.join(update.dir, part);
      const key = `${prefix}/${part}`;
      if ((await stat(local)).isDirectory()) await files.importDirectory(local, key);
      else await files.putFile(local, key);
    }
    await onPublished(update, step++);
  };
}
