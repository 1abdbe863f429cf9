import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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

/** What Node's HTTP parser refuses, by its error code: status and message. */
function parserRefusal(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive.' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large.' };
  return { status: 400, message: ServerMessages.malformed };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser could not read (headers beyond the
 * size limit, contradicting lengths, a broken request line) is answered with the API's error
 * envelope before the connection is closed, as Fastify's default does with a shape of its own.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = parserRefusal(error.code);
  const body = JSON.stringify({ status: false, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
