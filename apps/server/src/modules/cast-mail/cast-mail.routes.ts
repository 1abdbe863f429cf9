import type { FastifyInstance } from 'fastify';
import { CAST_MAILS_PER_HOUR, CastMailEndpoints, ServerMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { MINUTE_MS } from '../../lib/time';
import { createCastMailService } from './cast-mail.service';

export async function castMailRoutes(app: FastifyInstance): Promise<void> {
  const castMail = createCastMailService(app.ctx);

  registerEndpoints(app, CastMailEndpoints, {
    send: {
      options: {
        config: {
          rateLimit: {
            max: CAST_MAILS_PER_HOUR,
            timeWindow: 60 * MINUTE_MS,
            keyGenerator: (request) => `cast-mail:${request.user?.id}`,
          },
        },
      },
      handler: async (request) => {
        await castMail.send(request.user!.id, request.body.cast_id, request.body.message);
        return ok(null, ServerMessages.castMailSent);
      },
    },
  });
}
