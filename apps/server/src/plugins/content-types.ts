import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServerMessages } from '@reeltime/contract';
import { AppError } from '../lib/errors';

/** What a route reads unless its schema says otherwise in `consumes`. */
const JSON_ONLY = ['application/json'];
/** For a route's `schema.consumes`: the fields as a form or as JSON (files only in the form). */
export const FORM_OR_JSON = ['multipart/form-data', 'application/json'];

const consumesOf = (request: FastifyRequest): readonly string[] =>
  (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? JSON_ONLY;

export const routeAccepts = (request: FastifyRequest, mediaType: string) =>
  consumesOf(request).includes(mediaType);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** `application/json; charset=UTF-8` -> type and charset, lower-cased. */
function parseContentType(header: string | undefined): { type: string; charset: string | undefined } {
  const [type = '', ...params] = (header ?? '').split(';').map((piece) => piece.trim().toLowerCase());
  const charset = params.find((param) => param.startsWith('charset='))?.slice('charset='.length);
  return { type, charset: charset?.replace(/^"|"$/g, '') };
}

const unsupported = (accepted: readonly string[]) =>
  new AppError(415, `${ServerMessages.unsupportedContentType} Send ${accepted.join(' or ')}.`);

/**
 * Decides from the headers alone, before any byte of a body is read: a body sent to a path that
 * does not exist is refused unread, and a body must have a type its route declares (JSON in UTF-8).
 * A preParsing hook, so that the member and admin scopes' onRequest checks come first: a caller
 * who may not use a route is told 401 or 403 whatever the content type.
 */
export const contentTypesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preParsing', (request, _reply, _payload, done) => {
      // GET and HEAD bodies are never read.
      if (request.method === 'GET' || request.method === 'HEAD' || !hasBody(request)) return done();
      if (request.is404) return done(new AppError(404, ServerMessages.notFound));
      const accepted = consumesOf(request);
      const { type, charset } = parseContentType(request.headers['content-type']);
      if (!accepted.includes(type)) return done(unsupported(accepted));
      if (type === 'application/json' && charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        return done(new AppError(415, ServerMessages.jsonNotUtf8));
      }
      done();
    });
  },
  { name: 'content-types' },
);
