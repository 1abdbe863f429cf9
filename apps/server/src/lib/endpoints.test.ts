import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, IdParamsSchema } from '@reeltime/contract';
import { errorsPlugin } from '../plugins/errors';
import { ok } from './envelope';
import { registerEndpoints, requireEndpointDefinitions } from './endpoints';
import { NotFound } from './errors';
import { createResponseSerializerCompiler } from './response-serializer';

const Items = {
  show: defineEndpoint({
    method: 'GET',
    path: '/items/:id',
    access: 'public',
    tags: ['items'],
    description: 'One item.',
    params: IdParamsSchema,
    success: { status: 200, data: z.object({ id: z.number() }) },
    errors: { 404: 'No item has this id.' },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/items/:id',
    access: 'member',
    tags: ['items'],
    description: 'Deletes an item.',
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/items',
    access: 'public',
    tags: ['items'],
    description: 'Creates an item.',
    body: z.object({ name: z.string().min(1) }),
    success: { status: 201, data: z.object({ name: z.string() }) },
  }),
};

let app: FastifyInstance;

async function appFor(
  env: 'test' | 'production',
  options: { signedIn?: boolean } = {},
): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract: env !== 'production' }));
  app.decorate('ctx', { config: { env } } as never);
  app.decorateRequest('user', null);
  if (options.signedIn) {
    app.addHook('onRequest', async (request) => {
      request.user = { id: 1, isAdmin: false } as never;
    });
  }
  await app.register(errorsPlugin);
  registerEndpoints(app, Items, {
    show: async (request) => {
      if (request.params.id > 10) throw new NotFound('No such item.');
      return ok({ id: request.params.id });
    },
    // Not documented by its definition: a member's delete of a missing item.
    remove: async () => {
      throw new NotFound('No such item.');
    },
    create: async (request) => ok({ name: request.body.name }),
  });
  await app.ready();
  return app;
}

afterEach(() => app.close());

describe('routes registered from endpoint definitions', () => {
  it('answer with the success status of the definition and validate what it reads', async () => {
    await appFor('test');
    const created = await app.inject({ method: 'POST', url: '/items', payload: { name: 'Lamp' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ status: true, data: { name: 'Lamp' } });

    const invalid = await app.inject({ method: 'POST', url: '/items', payload: { name: '' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('name');
  });

  it('answer an error the definition documents as it is', async () => {
    await appFor('test');
    const res = await app.inject({ url: '/items/11' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'No such item.' });
  });

  it('refuse a visitor on a member endpoint with 401, from the access of the definition', async () => {
    await appFor('test');
    const res = await app.inject({ method: 'DELETE', url: '/items/1' });
    expect(res.statusCode).toBe(401);
  });

  it('turn a status the definition does not document into a 500 that names it, outside production', async () => {
    await appFor('test', { signedIn: true });
    const res = await app.inject({ method: 'DELETE', url: '/items/1' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain(
      'DELETE /items/:id answered 404, which its endpoint definition does not document',
    );
  });

  it('leave such a status alone in production', async () => {
    await appFor('production', { signedIn: true });
    const res = await app.inject({ method: 'DELETE', url: '/items/1' });
    expect(res.statusCode).toBe(404);
  });
});

// The type checker refuses a group registered without a handler for each of its definitions.
export function registerWithoutEveryHandler(server: FastifyInstance): void {
  // @ts-expect-error `remove` and `create` have no handler
  registerEndpoints(server, Items, { show: async () => ok({ id: 1 }) });
}

describe('an API without a definition for each route', () => {
  it('does not start', async () => {
    const server = Fastify({ logger: false });
    server.decorate('ctx', { config: { env: 'test' } } as never);
    requireEndpointDefinitions(server, '/api/v1');
    const start = async () => {
      await server.register(
        async (api) => {
          registerEndpoints(api, { show: Items.show }, { show: async () => ok({ id: 1 }) });
          api.get('/stray', async () => ok(null));
        },
        { prefix: '/api/v1' },
      );
      await server.ready();
    };
    await expect(start()).rejects.toThrow('GET /api/v1/stray has no endpoint definition');
    await server.close();
  });
});
