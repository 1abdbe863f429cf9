import type { FastifyInstance } from 'fastify';

/** The console's video uploads, transcoding and captions (admin scope). */
export async function adminMediaRoutes(_app: FastifyInstance): Promise<void> {}
