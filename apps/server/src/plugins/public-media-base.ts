import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withPublicMediaBase } from '../media/public-media-urls';

/**
 * MEDIA_PUBLIC_BASE_URL: public media URLs in JSON responses point at that base (a CDN in front
 * of the bucket or of /media) instead of this server's /media. The database keeps `/media/<key>`.
 */
export const publicMediaBasePlugin = fp(
  async (app: FastifyInstance) => {
    const baseUrl = app.ctx.config.mediaPublicBaseUrl;
    if (!baseUrl) return;
    app.addHook('preSerialization', async (_request, _reply, payload) => withPublicMediaBase(payload, baseUrl));
  },
  { name: 'public-media-base', dependencies: ['context'] },
);
