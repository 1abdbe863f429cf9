import type { FastifyInstance } from 'fastify';
import { ServerMessages } from '@reeltime/contract';
import { isSafeKey } from '../adapters/storage/file-store';
import { Forbidden, NotFound } from '../lib/errors';
import { mediaTypeOf, PLAYLIST_TYPE } from './media-types';
import { createRenditionGuard, MASTER_PLAYLIST } from './rendition-guard';
import { capMasterPlaylist } from './rendition-cap';
import { isSafeRelativePath, SIGNED_MEDIA_PREFIX, verifyMediaSignature } from './signed-url';
import { sendStoredFile } from './stored-file-reply';

/** Playlists may be rewritten by a new transcode; everything else in a tree never changes. */
const PLAYLIST_MAX_AGE = 60;
/** Every public media file has a content-derived or random name, so it never changes. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * The longest a redirect's presigned URL stays valid (never past the signature's own expiry): a
 * player follows it at once, so a short lifetime only limits how long a leaked one is of use.
 */
export const PRESIGNED_MAX_SECONDS = 300;
/** Full videos live under private/ and are only served through signed URLs. */
const PRIVATE_KEY = /^private(?:\/|$)/i;

interface SignedParams {
  expires: string;
  cap: string;
  sig: string;
  videoId: string;
  '*': string;
}

/**
 * GET/HEAD /media/s/<expires>/<cap>/<sig>/videos/<videoId>/<file…>: files of one private video
 * folder (`private/videos/<videoId>/` in the file store) under a signature that covers the folder
 * and the highest rendition height served. The path is checked first, so nothing outside the
 * folder (or not of a known media type) is ever looked up; the master playlist lists only the
 * renditions up to the cap and the others are refused; byte ranges and conditional requests are
 * answered by sendStoredFile.
 */
export async function signedMediaRoutes(app: FastifyInstance): Promise<void> {
  const { files } = app.ctx;
  const key = app.ctx.config.mediaSigningKey;
  const renditions = createRenditionGuard(app.ctx);
  // MEDIA_DELIVERY=redirect: files other than playlists are read by the player from the bucket.
  const presign =
    app.ctx.config.mediaDelivery === 'redirect' ? files.presignedReadUrl?.bind(files) : undefined;

  app.route<{ Params: SignedParams }>({
    method: ['GET', 'HEAD'],
    url: `${SIGNED_MEDIA_PREFIX}/:expires/:cap/:sig/videos/:videoId/*`,
    schema: { hide: true },
    // Page-level headers (CSP, frame options…) mean nothing on media bytes; the two that
    // matter for media are set by the handler.
    config: { securityHeaders: false },
    handler: async (request, reply) => {
      const { expires, cap, sig, videoId } = request.params;
      const file = request.params['*'];
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      const now = Date.now();
      const check = verifyMediaSignature(key, { expires, maxHeight: cap, signature: sig, videoId }, now);
      if (!check.ok) throw new Forbidden(ServerMessages.forbidden);
      if (!isSafeRelativePath(file)) throw new Forbidden(ServerMessages.forbidden);
      const contentType = mediaTypeOf(file);
      if (!contentType) throw new NotFound(ServerMessages.notFound);
      const isMaster = file === MASTER_PLAYLIST;
      if (!isMaster && (await renditions.isAboveCap(Number(videoId), file, check.maxHeight))) {
        throw new Forbidden(ServerMessages.forbidden);
      }

      const remaining = Math.max(0, check.expires - Math.floor(now / 1000));
      const storedKey = `private/videos/${videoId}/${file}`;
      if (presign && request.method === 'GET' && contentType !== PLAYLIST_TYPE) {
        const seconds = Math.max(1, Math.min(PRESIGNED_MAX_SECONDS, remaining));
        const location = await presign(storedKey, seconds, {
          contentType,
          cacheControl: `private, max-age=${seconds}, immutable`,
        });
        // Each redirect names a URL that soon expires: the redirect itself is never reused.
        return reply.status(302).header('location', location).header('cache-control', 'no-store').send();
      }
      return sendStoredFile(files, storedKey, request, reply, {
        contentType,
        cacheControl:
          contentType === PLAYLIST_TYPE
            ? `private, max-age=${Math.min(PLAYLIST_MAX_AGE, remaining)}`
            : `private, max-age=${remaining}, immutable`,
        ...(isMaster
          ? { rewrite: (body) => Buffer.from(capMasterPlaylist(body.toString('utf8'), check.maxHeight)) }
          : {}),
      });
    },
  });
}

/**
 * GET/HEAD /media/<key>: public files of the store (artwork, avatars, trailers) with long-lived
 * caching. Keys under `private/`, keys that could leave the store and files of any other type
 * than media are a 404.
 */
export async function publicMediaRoutes(app: FastifyInstance): Promise<void> {
  const { files } = app.ctx;
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = request.params['*'];
      const contentType = mediaTypeOf(key);
      if (!contentType || !isSafeKey(key) || PRIVATE_KEY.test(key))
        throw new NotFound(ServerMessages.notFound);
      return sendStoredFile(files, key, request, reply, { contentType, cacheControl: PUBLIC_CACHE_CONTROL });
    },
  });
}
