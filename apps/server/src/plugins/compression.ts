import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Responses in text formats (the API's JSON, pages, captions) are compressed for clients that
 * accept it (decision 0052). Built assets are compressed once at build time and sent as they are;
 * partial responses (206) never are; video and images are compressed already.
 */
const ENCODINGS = ['br', 'gzip'] as const;
/** Below this, compressing saves less than it costs. */
const THRESHOLD_BYTES = 1024;
/** Brotli's default quality (11) is for files compressed once; 4 is as fast as gzip, and smaller. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * Replaces the library's own list (which includes application/octet-stream, the type of backup
 * archives and tus uploads); the rest is decided by mime-db's `compressible` flag.
 */
const COMPRESSED_TYPES = /^(?:application\/json|text\/html)\b/;

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      globalCompression: true,
      // No client of this API sends compressed bodies.
      globalDecompression: false,
      encodings: [...ENCODINGS],
      threshold: THRESHOLD_BYTES,
      customTypes: COMPRESSED_TYPES,
      brotliOptions: BROTLI_OPTIONS,
    });
  },
  { name: 'compression' },
);

/**
 * Sends a page compressed as the client accepts. Pages are sent by the not-found handler, which
 * the library's per-route hook does not reach.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  void reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, [...ENCODINGS]) : undefined;
  if (!encoding || Buffer.byteLength(html) < THRESHOLD_BYTES) return reply.send(html);
  const body = encoding === 'br' ? brotliCompressSync(html, BROTLI_OPTIONS) : gzipSync(html);
  return reply.header('content-encoding', encoding).send(body);
}
