import path from 'node:path';

/** Content types of the files media holds (HLS trees, trailers, artwork); any other file is never served. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

export const PLAYLIST_TYPE = MEDIA_TYPES['.m3u8']!;

/** The content type of a media file by its extension, or undefined when it is not one. */
export const mediaTypeOf = (key: string): string | undefined =>
  MEDIA_TYPES[path.posix.extname(key).toLowerCase()];
