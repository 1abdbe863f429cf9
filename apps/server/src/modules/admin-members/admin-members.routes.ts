import type { FastifyInstance } from 'fastify';

/** The console's members, the mail outbox and background jobs (admin scope). */
export async function adminMembersRoutes(_app: FastifyInstance): Promise<void> {}
