import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiPaths,
  NullDataEnvelopeSchema,
  SendMailToCastBodySchema,
  ServerMessages,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { MINUTE_MS } from '../../lib/time';
import { FORM_OR_JSON } from '../../plugins/content-types';
import { createCastMailService } from './cast-mail.service';

const CAST_MAILS_PER_HOUR = 5;

export async function castMailRoutes(app: FastifyInstance): Promise<void> {
  const castMail = createCastMailService(app.ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    ApiPaths.sendMailToCast,
    {
      config: {
        rateLimit: {
          max: CAST_MAILS_PER_HOUR,
          timeWindow: 60 * MINUTE_MS,
          keyGenerator: (request) => `cast-mail:${request.user?.id}`,
        },
      },
      schema: {
        tags: ['cast'],
        security: [{ bearer: [] }],
        description:
          "Mails a cast member on the member's behalf (replies go to the member); 404 when the cast member has no address. At most 5 an hour.",
        consumes: FORM_OR_JSON,
        body: SendMailToCastBodySchema,
        response: { 200: NullDataEnvelopeSchema },
      },
    },
    async (request) => {
      await castMail.send(request.user!.id, request.body.cast_id, request.body.message);
      return ok(null, ServerMessages.castMailSent);
    },
  );
}
