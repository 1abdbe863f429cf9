import { isSafeKey } from '../adapters/storage/file-store';
import { mediaTypeOf } from './media-types';

const PUBLIC_MEDIA_PATH = '/media/';
/** Signed video URLs and private keys are only ever served by the API itself. */
const API_ONLY_KEY = /^(?:s|private)(?:\/|$)/i;

/** The key of a public media URL as the database keeps it (`/media/<key>`), else undefined. */
function publicMediaKey(url: string): string | undefined {
  if (!url.startsWith(PUBLIC_MEDIA_PATH)) return undefined;
  const key = url.slice(PUBLIC_MEDIA_PATH.length);
  return isSafeKey(key) && !API_ONLY_KEY.test(key) && mediaTypeOf(key) ? key : undefined;
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy of a response payload in which every public media URL (`/media/<key>` of artwork,
 * avatars, trailers) points at `baseUrl` instead of the API (`https://cdn.example.com/media/<key>`:
 * a CDN whose origin is the API fetches the same path). Signed and private
 * media URLs, and anything else, are left as they are; the payload itself is never changed (it
 * may be a cached value shared by other responses).
 */
export function withPublicMediaBase(value: unknown, baseUrl: string): unknown {
  if (typeof value === 'string') {
    const key = publicMediaKey(value);
    return key === undefined ? value : `${baseUrl}${value}`;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withPublicMediaBase(item, baseUrl));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) copy[name] = withPublicMediaBase(item, baseUrl);
  return copy;
}
