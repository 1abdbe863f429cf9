import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServerMessages } from '@reeltime/contract';
import { NotFound, Validation } from '../lib/errors';

/** A NUL character, or half of a surrogate pair (text that is not valid Unicode). */
const BROKEN_TEXT = /[\0\p{Cs}]/u;

/** The path (`cast.0.name`) of the first string in `value` that is not clean text; iterative, so any nesting depth is safe. */
export function findBrokenText(value: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (BROKEN_TEXT.test(item)) return path;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (BROKEN_TEXT.test(key)) return path;
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/** Every text a request carries (path, query, body) must be valid Unicode without NUL characters. */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      // A path with such text names nothing that exists.
      if (findBrokenText(request.params, '') !== undefined)
        return done(new NotFound(ServerMessages.notFound));
      const field = findBrokenText(request.query, '') ?? findBrokenText(request.body, '');
      if (field === undefined) return done();
      const name = field || 'request';
      done(new Validation(ServerMessages.brokenText, { [name]: [ServerMessages.brokenText] }));
    });
  },
  { name: 'text-input', dependencies: ['forms'] },
);
