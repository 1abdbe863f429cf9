import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServerMessages } from '@reeltime/contract';

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or error handler
 * runs (a path parameter longer than the router allows, a path it cannot decode). Fastify's own
 * answer names its error code and repeats the whole path; this one is the API's error envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ status: false, message: 'The address is too long.' });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ status: false, message: ServerMessages.malformed });
    return;
  }
  request.log.error({ err: error }, 'the router failed');
  void reply.status(500).send({ status: false, message: ServerMessages.serverError });
}
