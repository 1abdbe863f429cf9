import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { FORM_OR_JSON } from '../../plugins/content-types';
import {
  ApiPaths,
  ApiTokenDataSchema,
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginDataSchema,
  NullDataEnvelopeSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  ServerMessages,
  SuccessEnvelope,
  UserSchema,
} from '@reeltime/contract';
import { createSiteSettingsService } from '../site-settings/site-settings.service';
import { createAuthService } from './auth.service';

const tags = ['auth'];

/** login, register, forgot-password and reset-password: open to visitors, rate-limited per IP. */
export async function authPublicRoutes(app: FastifyInstance): Promise<void> {
  const auth = createAuthService(app.ctx);
  const siteSettings = createSiteSettingsService(app.ctx);
  const { max, windowSeconds } = app.ctx.config.authRateLimit;
  const rateLimit = { max, timeWindow: windowSeconds * 1000 };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    ApiPaths.register,
    {
      config: { rateLimit },
      schema: {
        tags,
        consumes: FORM_OR_JSON,
        description: 'Creates a member account; refused with 403 while the operator has closed sign-ups.',
        body: RegisterBodySchema,
        response: { 201: SuccessEnvelope(UserSchema) },
      },
    },
    async (request, reply) => {
      await siteSettings.assertSignupsOpen();
      const user = await auth.register(request.body);
      return reply.status(201).send(ok(user, ServerMessages.registerSuccess));
    },
  );

  api.post(
    ApiPaths.login,
    {
      config: { rateLimit },
      schema: {
        tags,
        consumes: FORM_OR_JSON,
        body: LoginBodySchema,
        response: { 200: SuccessEnvelope(LoginDataSchema) },
      },
    },
    async (request) => ok(await auth.login(request.body), ServerMessages.loginSuccess),
  );

  api.post(
    ApiPaths.forgotPassword,
    {
      config: { rateLimit },
      schema: {
        tags,
        consumes: FORM_OR_JSON,
        body: ForgotPasswordBodySchema,
        response: { 200: NullDataEnvelopeSchema },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return ok(null, ServerMessages.forgotPasswordSent);
    },
  );

  api.post(
    ApiPaths.resetPassword,
    {
      config: { rateLimit },
      schema: { tags, body: ResetPasswordBodySchema, response: { 200: NullDataEnvelopeSchema } },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return ok(null, ServerMessages.resetPasswordDone);
    },
  );
}

/** logout and change-password: member scope. */
export async function authMemberRoutes(app: FastifyInstance): Promise<void> {
  const auth = createAuthService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  api.get(
    ApiPaths.logout,
    { schema: { tags, security, response: { 200: NullDataEnvelopeSchema } } },
    async (request) => {
      await auth.logout(request.user!.tokenId);
      return ok(null, ServerMessages.logoutSuccess);
    },
  );

  api.post(
    ApiPaths.changePassword,
    {
      schema: {
        tags,
        security,
        consumes: FORM_OR_JSON,
        body: ChangePasswordBodySchema,
        response: { 200: SuccessEnvelope(ApiTokenDataSchema) },
      },
    },
    async (request) =>
      ok(await auth.changePassword(request.user!.id, request.body), ServerMessages.passwordChanged),
  );
}
