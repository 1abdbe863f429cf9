import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { ServerMessages } from '@reeltime/contract';
import { Forbidden, NotFound } from '../lib/errors';
import { isSafeRelativePath, SIGNED_MEDIA_PREFIX, verifyMediaSignature } from './signed-url';

/** Content types of the files an HLS tree holds; any other file is never served. */
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

/** Playlists may be rewritten by a new transcode; everything else in a tree never changes. */
const PLAYLIST_MAX_AGE = 60;

interface SignedParams {
  expires: string;
  sig: string;
  videoId: string;
  '*': string;
}

/**
 * GET/HEAD /media/s/<expires>/<sig>/videos/<videoId>/<file…>: files of one private video folder
 * under a signature that covers the folder. Byte ranges, ETag/If-None-Match and the other
 * conditional requests are handled by @fastify/send with the folder as root; the path is checked
 * here first, so nothing outside the folder (or not of a known media type) is ever opened.
 */
export async function signedMediaRoutes(app: FastifyInstance): Promise<void> {
  const videosDir = path.join(app.ctx.config.dataDir, 'media', 'private', 'videos');
  const key = app.ctx.config.mediaSigningKey;

  app.get<{ Params: SignedParams }>(
    `${SIGNED_MEDIA_PREFIX}/:expires/:sig/videos/:videoId/*`,
    {
      schema: { hide: true },
      // Page-level headers (CSP, frame options…) mean nothing on media bytes; the two that
      // matter for media are set by the handler.
      config: { securityHeaders: false },
    },
    async (request, reply) => {
      const { expires, sig, videoId } = request.params;
      const file = request.params['*'];
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      const now = Date.now();
      const check = verifyMediaSignature(key, { expires, signature: sig, videoId }, now);
      if (!check.ok) throw new Forbidden(ServerMessages.forbidden);
      if (!isSafeRelativePath(file)) throw new Forbidden(ServerMessages.forbidden);
      const type = MEDIA_TYPES[path.extname(file).toLowerCase()];
      if (!type) throw new NotFound(ServerMessages.notFound);

      const result = await send(request.raw, `/${file}`, {
        root: path.join(videosDir, videoId),
        acceptRanges: true,
        cacheControl: false,
        contentType: false,
        dotfiles: 'deny',
        etag: true,
        lastModified: true,
        index: false,
        extensions: [],
      });
      if (result.type !== 'file') {
        const status = result.statusCode === 416 || result.statusCode === 412 ? result.statusCode : 404;
        if (result.statusCode === 416) reply.header('content-range', result.headers['Content-Range']);
        result.stream.destroy?.();
        return reply.status(status).send({
          status: false,
          message: status === 404 ? ServerMessages.notFound : ServerMessages.malformed,
        });
      }

      const remaining = Math.max(0, check.expires - Math.floor(now / 1000));
      reply.status(result.statusCode).headers(result.headers);
      if (result.statusCode !== 304) reply.header('content-type', type);
      reply.header(
        'cache-control',
        type === MEDIA_TYPES['.m3u8']
          ? `private, max-age=${Math.min(PLAYLIST_MAX_AGE, remaining)}`
          : `private, max-age=${remaining}, immutable`,
      );
      return reply.send(result.stream);
    },
  );
}
