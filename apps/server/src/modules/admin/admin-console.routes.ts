import type { FastifyInstance } from 'fastify';

/** The console's audit log and site settings (admin scope). */
export async function adminConsoleRoutes(_app: FastifyInstance): Promise<void> {}
