import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HouseholdMessages, ServerMessages } from '@reeltime/contract';
import { Forbidden, Unauthenticated } from '../lib/errors';

export function bearerToken(request: FastifyRequest): string | null {
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
    const { tokens } = app.ctx;
    app.decorateRequest('user', null);
    // A callback hook, so visitors (no token) pass without a promise per request.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token) return done();
      tokens.verify(token).then((user) => {
        request.user = user;
        done();
      }, done);
    });
  },
  { name: 'auth', dependencies: ['context'] },
);

/** onRequest hook of the member scope: no or a bad token is a 401. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new Unauthenticated(ServerMessages.unauthenticated);
}

/**
 * onRequest hook of the account's own routes (billing, the account, submissions, profile
 * management): a token acting as a kids profile is a 403.
 */
export async function requireAccount(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new Unauthenticated(ServerMessages.unauthenticated);
  if (request.user.profile.isKids) throw new Forbidden(HouseholdMessages.kidsProfileRefused);
}

/** onRequest hook of the admin scope: an admin's kids profile does not reach the console either. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new Unauthenticated(ServerMessages.unauthenticated);
  if (!request.user.isAdmin || request.user.profile.isKids) throw new Forbidden(ServerMessages.forbidden);
}
