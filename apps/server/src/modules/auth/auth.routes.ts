import type { FastifyInstance } from 'fastify';
import { AuthEndpoints, ServerMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createSiteSettingsService } from '../site-settings/site-settings.service';
import { createAuthService } from './auth.service';

/** Sign-up, sign-in, a forgotten password (rate-limited per IP) and sign-out. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const auth = createAuthService(app.ctx);
  const siteSettings = createSiteSettingsService(app.ctx);
  const { max, windowSeconds } = app.ctx.config.authRateLimit;
  const options = { config: { rateLimit: { max, timeWindow: windowSeconds * 1000 } } };

  registerEndpoints(app, AuthEndpoints, {
    register: {
      options,
      handler: async (request) => {
        await siteSettings.assertSignupsOpen();
        return ok(await auth.register(request.body), ServerMessages.registerSuccess);
      },
    },
    login: {
      options,
      handler: async (request) => ok(await auth.login(request.body), ServerMessages.loginSuccess),
    },
    logout: async (request) => {
      await auth.logout(request.user!.tokenId);
      return ok(null, ServerMessages.logoutSuccess);
    },
    forgotPassword: {
      options,
      handler: async (request) => {
        await auth.forgotPassword(request.body.email);
        return ok(null, ServerMessages.forgotPasswordSent);
      },
    },
    resetPassword: {
      options,
      handler: async (request) => {
        await auth.resetPassword(request.body);
        return ok(null, ServerMessages.resetPasswordDone);
      },
    },
  });
}
