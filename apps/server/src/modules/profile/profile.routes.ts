import type { FastifyInstance } from 'fastify';
import { ProfileEndpoints, ServerMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createAuthService } from '../auth/auth.service';
import { createProfileService } from './profile.service';

/** The signed-in member's own account: profile, avatar and password. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const profile = createProfileService(app.ctx);
  const auth = createAuthService(app.ctx);

  registerEndpoints(app, ProfileEndpoints, {
    updateProfile: async (request) =>
      ok(
        await profile.update(request.user!.id, request.body, request.uploads.get('file_url')?.path),
        ServerMessages.profileUpdated,
      ),
    changePassword: async (request) =>
      ok(
        await auth.changePassword(request.user!.id, request.user!.profile.id, request.body),
        ServerMessages.passwordChanged,
      ),
  });
}
