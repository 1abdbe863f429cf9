import type { FastifyInstance } from 'fastify';

/** The console's genres, people and banners (admin scope). */
export async function adminLibraryRoutes(_app: FastifyInstance): Promise<void> {}
