import type { FastifyInstance } from 'fastify';

/** The console's submissions review, plans and taxes (admin scope). */
export async function adminCommerceRoutes(_app: FastifyInstance): Promise<void> {}
