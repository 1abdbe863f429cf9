import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServerMessages } from '@reeltime/contract';
import { Forbidden, Unauthenticated } from '../lib/errors';
import { createTokenService } from '../modules/auth/token.service';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Resolves the bearer token on every request. On public reads a bad token is treated as a
 * visitor; the member scope adds {@link requireMember}, which turns that into a 401.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = createTokenService(app.ctx.db, app.ctx.config.tokenPepper);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      request.user = token ? await tokens.verify(token) : null;
    });
  },
  { name: 'auth', dependencies: ['context'] },
);

/** onRequest hook of the member scope: no or a bad token is a 401. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new Unauthenticated(ServerMessages.unauthenticated);
}

/** onRequest hook of the admin scope. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new Unauthenticated(ServerMessages.unauthenticated);
  if (!request.user.isAdmin) throw new Forbidden(ServerMessages.forbidden);
}
