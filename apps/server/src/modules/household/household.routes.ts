import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_PIN_HEADER, HouseholdEndpoints, HouseholdMessages as M } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { MINUTE_MS } from '../../lib/time';
import { createHouseholdService } from './household.service';

/** PIN tries one account may make in a minute, over all its profiles (each also locks after 5). */
const SELECTS_PER_MINUTE = 30;

const accountPinOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[ACCOUNT_PIN_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
};

/** The account's household profiles and the choice of the one a token acts as. */
export async function householdRoutes(app: FastifyInstance): Promise<void> {
  const household = createHouseholdService(app.ctx);
  const { max, windowSeconds } = app.ctx.config.authRateLimit;

  registerEndpoints(app, HouseholdEndpoints, {
    list: async (request) => ok(await household.list(request.user!)),
    create: async (request) =>
      ok(
        await household.create(
          request.user!,
          request.body,
          request.uploads.get('avatar_file')?.path,
          accountPinOf(request),
        ),
        M.profileCreated,
      ),
    update: async (request) =>
      ok(
        await household.update(
          request.user!,
          request.params.id,
          request.body,
          request.uploads.get('avatar_file')?.path,
          accountPinOf(request),
        ),
        M.profileSaved,
      ),
    remove: async (request) => {
      await household.remove(request.user!, request.params.id, accountPinOf(request));
      return ok(null, M.profileDeleted);
    },
    select: {
      options: {
        config: {
          rateLimit: {
            max: SELECTS_PER_MINUTE,
            timeWindow: MINUTE_MS,
            keyGenerator: (request) => `profile-select:${request.user?.id}`,
          },
        },
      },
      handler: async (request) =>
        ok(await household.select(request.user!, request.params.id, request.body?.pin), M.profileSelected),
    },
    setAccountPin: {
      options: { config: { rateLimit: { max, timeWindow: windowSeconds * 1000 } } },
      handler: async (request) => {
        const state = await household.setAccountPin(request.user!, request.body);
        return ok(state, state.account_pin ? M.accountPinSet : M.accountPinCleared);
      },
    },
  });
}
