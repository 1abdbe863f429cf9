import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

/**
 * Signed media URLs (docs/decisions/0006-signed-media-urls.md).
 *
 *   /media/s/<expires>/<maxHeight>/<signature>/videos/<videoId>/<file…>
 *
 * `signature` = base64url(HMAC-SHA256(MEDIA_SIGNING_KEY,
 *   `/media/private/videos/<videoId>/|<expires>|<maxHeight>`))
 * covers the whole folder of one video and the highest rendition height the holder may watch
 * (docs/decisions/0012-plan-limits-in-playback.md). It sits in the path (not the query string) so
 * that the relative URIs inside its playlists (`720p/index.m3u8`, `seg_00001.ts`, `sprite.jpg`)
 * resolve to URLs that carry the same signature and cap.
 */
export const SIGNED_MEDIA_PREFIX = '/media/s';
/** The stored (unsigned) URL of every private video folder. */
export const PRIVATE_VIDEOS_PREFIX = '/media/private/videos';

type SigningConfig = Pick<Config, 'mediaSigningKey' | 'media'>;

/** A file name (or sub-path) inside a video folder: plain segments, no dot files, no escapes. */
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const VIDEO_ID = /^[1-9][0-9]{0,9}$/;
const EXPIRES = /^[0-9]{1,12}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const MAX_HEIGHT = /^[1-9][0-9]{1,3}$/;

/** A cap above every rendition: for operators' own links, never for members. */
export const UNCAPPED_HEIGHT = 4320;

export const videoFolderPrefix = (videoId: number | string) => `${PRIVATE_VIDEOS_PREFIX}/${videoId}/`;

/** base64url HMAC-SHA256 of `${prefix}|${expires}|${maxHeight}`. */
export function mediaSignature(key: string, prefix: string, expires: number, maxHeight: number): string {
  return createHmac('sha256', key).update(`${prefix}|${expires}|${maxHeight}`).digest('base64url');
}

export function isSafeRelativePath(file: string, maxDepth = 3): boolean {
  const segments = file.split('/');
  return segments.length <= maxDepth && segments.every((segment) => SAFE_SEGMENT.test(segment));
}

/**
 * Expiry in epoch seconds: at least `ttl` from now, rounded up to a step (an hour for the default
 * 6 h) so every link handed out within one step is the same URL and stays in the browser cache.
 */
export function signedExpiry(ttlSeconds: number, now = Date.now()): number {
  const step = Math.min(3600, Math.max(60, Math.floor(ttlSeconds / 6)));
  return Math.ceil((Math.floor(now / 1000) + ttlSeconds) / step) * step;
}

/**
 * A URL for a file of a transcoded video (the master playlist by default), valid for
 * MEDIA_URL_TTL_SECONDS, serving renditions up to `maxHeight`:
 * `/media/s/<expires>/<maxHeight>/<sig>/videos/<videoId>/master.m3u8`.
 */
export function signedVideoUrl(
  config: SigningConfig,
  videoId: number,
  file = 'master.m3u8',
  now = Date.now(),
  maxHeight = UNCAPPED_HEIGHT,
): string {
  if (!Number.isInteger(videoId) || videoId < 1) throw new Error(`bad video id ${videoId}`);
  if (!isSafeRelativePath(file)) throw new Error(`bad media file name ${file}`);
  if (!MAX_HEIGHT.test(String(maxHeight))) throw new Error(`bad maximum height ${maxHeight}`);
  const expires = signedExpiry(config.media.urlTtlSeconds, now);
  const signature = mediaSignature(config.mediaSigningKey, videoFolderPrefix(videoId), expires, maxHeight);
  return `${SIGNED_MEDIA_PREFIX}/${expires}/${maxHeight}/${signature}/videos/${videoId}/${file}`;
}

const STORED_PRIVATE_URL = /^\/media\/private\/videos\/([1-9][0-9]{0,9})\/(.+)$/;

/**
 * Turns a stored private URL (`/media/private/videos/<id>/master.m3u8`, as videos.url holds it)
 * into a signed one serving renditions up to `maxHeight`; any other URL (public trailers,
 * YouTube, …) comes back unchanged.
 */
export function signMediaUrl(
  config: SigningConfig,
  url: string,
  { maxHeight, now = Date.now() }: { maxHeight: number; now?: number },
): string {
  const match = STORED_PRIVATE_URL.exec(url);
  if (!match || !isSafeRelativePath(match[2]!)) return url;
  return signedVideoUrl(config, Number(match[1]), match[2]!, now, maxHeight);
}

export type SignatureCheck =
  | { ok: true; expires: number; maxHeight: number }
  | { ok: false; reason: 'malformed' | 'expired' | 'invalid' };

/** Checks the signature part of a signed URL for one video folder and cap, in constant time. */
export function verifyMediaSignature(
  key: string,
  parts: { expires: string; maxHeight: string; signature: string; videoId: string },
  now = Date.now(),
): SignatureCheck {
  if (
    !EXPIRES.test(parts.expires) ||
    !MAX_HEIGHT.test(parts.maxHeight) ||
    !SIGNATURE.test(parts.signature) ||
    !VIDEO_ID.test(parts.videoId)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const expires = Number(parts.expires);
  const maxHeight = Number(parts.maxHeight);
  const expected = Buffer.from(mediaSignature(key, videoFolderPrefix(parts.videoId), expires, maxHeight));
  const given = Buffer.from(parts.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, expires, maxHeight };
}
