import type { FastifyInstance } from 'fastify';
import {
  HouseholdMessages,
  PlaybackPreferencesEndpoints,
  PlaybackPreferencesMessages,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { NotFound } from '../../lib/errors';
import { createPlaybackPreferencesRepository } from './playback-preferences.repository';

/** The audio and subtitle languages and the subtitle style of the profile a token acts as. */
export async function playbackPreferencesRoutes(app: FastifyInstance): Promise<void> {
  const preferences = createPlaybackPreferencesRepository(app.ctx.db);
  const current = async (profileId: number) => {
    const found = await preferences.find(profileId);
    // The auth plugin checked the profile on this request; it can only be gone after a race with its deletion.
    if (!found) throw new NotFound(HouseholdMessages.profileNotFound);
    return found;
  };

  registerEndpoints(app, PlaybackPreferencesEndpoints, {
    get: async (request) => ok(await current(request.user!.profile.id)),
    update: async (request) => {
      await preferences.update(request.user!.profile.id, request.body);
      return ok(await current(request.user!.profile.id), PlaybackPreferencesMessages.saved);
    },
  });
}
