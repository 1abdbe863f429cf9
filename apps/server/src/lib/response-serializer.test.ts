import Fastify, { type FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { CastSchema, SuccessEnvelope } from '@reeltime/contract';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer';

const CastListEnvelope = SuccessEnvelope(z.array(CastSchema));

/** A row as the database returns it: more columns than the contract lets out. */
const castRow = {
  id: 7,
  name: 'Asha Rao',
  profile_image: '/media/people/7.webp',
  job_title: 'Director',
  has_email: true,
  email: 'asha@example.test',
  password_hash: '$argon2id$secret',
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serverReturning(payload: unknown, checkContract: boolean) {
  app = Fastify();
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract }));
  app.setErrorHandler((error, _request, reply) =>
    reply.status(500).send({ mismatch: isResponseSerializationError(error as Error) }),
  );
  app.get('/casts', { schema: { response: { 200: CastListEnvelope } } }, async () => payload);
  return app.inject({ method: 'GET', url: '/casts' });
}

describe.each([true, false])('response serializer (contract check %s)', (checkContract) => {
  it('writes exactly the declared properties, never extra columns', async () => {
    const res = await serverReturning({ status: true, data: [castRow], debug: 'x' }, checkContract);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      data: [
        {
          id: 7,
          name: 'Asha Rao',
          profile_image: '/media/people/7.webp',
          job_title: 'Director',
          has_email: true,
        },
      ],
    });
    expect(res.body).not.toContain('asha@example.test');
    expect(res.body).not.toContain('argon2id');
  });

  it('keeps nulls, optional fields and unicode intact', async () => {
    app = Fastify();
    app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract }));
    const schema = SuccessEnvelope(
      z.object({ title: z.string(), year: z.number().nullable(), note: z.string().optional() }),
    );
    app.get('/one', { schema: { response: { 200: schema } } }, async () => ({
      status: true,
      message: 'Tüm "başlıklar" </script>',
      data: { title: 'Ōkami — 狼', year: null },
    }));
    const res = await app.inject({ method: 'GET', url: '/one' });
    expect(res.json()).toEqual({
      status: true,
      message: 'Tüm "başlıklar" </script>',
      data: { title: 'Ōkami — 狼', year: null },
    });
  });
});

describe('response serializer contract check', () => {
  const wrongType = { status: true, data: [{ ...castRow, id: 'seven' }] };

  it('refuses a response that breaks the contract when checking (tests, development)', async () => {
    const res = await serverReturning(wrongType, true);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ mismatch: true });
  });
});

describe('response serializer at start', () => {
  it('refuses a response schema that JSON Schema cannot describe, instead of writing it unchecked', async () => {
    app = Fastify();
    app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract: false }));
    const schema = SuccessEnvelope(z.object({ when: z.date() }));
    app.get('/when', { schema: { response: { 200: schema } } }, async () => ({
      status: true,
      data: { when: new Date() },
    }));
    await expect(app.ready()).rejects.toThrow();
  });
});
