import type { FastifyInstance } from 'fastify';

/** The console's titles, seasons and episodes (admin scope). */
export async function adminTitlesRoutes(_app: FastifyInstance): Promise<void> {}
