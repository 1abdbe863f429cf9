import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMediaService, type MediaService } from './media.service';
import { signedMediaRoutes } from './media.routes';

declare module 'fastify' {
  interface FastifyInstance {
    media: { service: MediaService };
  }
}

/** Media: the signed route for private video folders, and the media service (imports). */
export const mediaPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('media', { service: createMediaService(app.ctx) });
    await app.register(signedMediaRoutes);
  },
  { name: 'media', dependencies: ['context'] },
);
