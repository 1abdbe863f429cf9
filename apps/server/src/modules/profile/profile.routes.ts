import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { FORM_OR_JSON } from '../../plugins/content-types';
import {
  ApiPaths,
  ServerMessages,
  SuccessEnvelope,
  UpdateProfileBodySchema,
  UserSchema,
} from '@reeltime/contract';
import { createProfileService } from './profile.service';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const profile = createProfileService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    ApiPaths.updateProfile,
    {
      config: {
        fileFields: {
          file_url:
            'Optional new avatar: a JPEG, PNG, WebP or GIF image (checked by its bytes), multipart only.',
        },
      },
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        consumes: FORM_OR_JSON,
        body: UpdateProfileBodySchema,
        response: { 200: SuccessEnvelope(UserSchema) },
      },
    },
    async (request) =>
      ok(
        await profile.update(request.user!.id, request.body, request.uploads.get('file_url')?.path),
        ServerMessages.profileUpdated,
      ),
  );
}
