import Fastify from 'fastify';
import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';

/** Errors as node-postgres raises them when PostgreSQL is stopped or restarting. */
const failures: Record<string, () => Error> = {
  refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  'shutting down': () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  'starting up': () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  'terminated mid-query': () => new Error('Connection terminated unexpectedly'),
};

const app = Fastify({ logger: false });

beforeAll(async () => {
  await app.register(errorsPlugin);
  app.get('/fails/:how', (request) => {
    const how = (request.params as { how: string }).how;
    throw failures[how]?.() ?? new Error('select * from users where secret');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('a database that cannot be reached', () => {
  it.each(Object.keys(failures))('answers 503 with Retry-After when the database is %s', async (how) => {
    const res = await app.inject({ url: `/fails/${encodeURIComponent(how)}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ status: false, message: ServerMessages.unavailable });
  });

  it('keeps any other failure a generic 500 that shows nothing of the error', async () => {
    const res = await app.inject({ url: '/fails/other' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.serverError });
    expect(res.body).not.toContain('select');
  });
});
