import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMediaService, type MediaService } from './media.service';
import { publicMediaRoutes, signedMediaRoutes } from './media.routes';

declare module 'fastify' {
  interface FastifyInstance {
    media: { service: MediaService };
  }
}

/** Media: files of the file store under /media (public ones, and private video folders by signed URL), and the media service (imports). */
export const mediaPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('media', { service: createMediaService(app.ctx) });
    await app.register(signedMediaRoutes);
    await app.register(publicMediaRoutes);
  },
  { name: 'media', dependencies: ['context'] },
);
