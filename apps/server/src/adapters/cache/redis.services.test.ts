import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { eventually, TEST_REDIS_URL, uniqueRedisPrefix } from '../../testing/scaled-out';
import { deleteRedisKeys } from '../../testing/stores';
import { createRedisConnection, type RedisConnection } from '../redis/redis-connection';
import { withReadThrough } from './cache';
import { createRedisCacheStore } from './redis';

const log = createLogger({ logLevel: 'silent', prettyLogs: false });
const prefix = uniqueRedisPrefix();
let one: RedisConnection;
let two: RedisConnection;

beforeAll(async () => {
  one = await createRedisConnection({ url: TEST_REDIS_URL, keyPrefix: prefix }, log);
  two = await createRedisConnection({ url: TEST_REDIS_URL, keyPrefix: prefix }, log);
  // Fails loudly when Redis is not there: these tests never skip.
  expect(one.up, `Redis at ${TEST_REDIS_URL}`).toBe(true);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await deleteRedisKeys(TEST_REDIS_URL, prefix);
});

/** Two processes' stores on one Redis, each with its own first level. */
const stores = () => {
  const a = createRedisCacheStore(one, { firstLevelSeconds: 60 });
  const b = createRedisCacheStore(two, { firstLevelSeconds: 60 });
  return { a: withReadThrough(a), b: withReadThrough(b), close: () => Promise.all([a.close(), b.close()]) };
};
/** The Redis key of a value at namespace version 0. */
const raw = (key: string) => `${prefix}cache:v:${key.replace(':', ':0:')}`;
/** Puts 'first' in Redis, reads it through `cache`, then changes it to 'changed' behind its back. */
const readThenChange = async (cache: ReturnType<typeof stores>['a'], key: string) => {
  await one.client.set(raw(key), JSON.stringify('first'), 'PX', 600_000);
  await cache.get(key);
  await one.client.set(raw(key), JSON.stringify('changed'), 'PX', 600_000);
  return (await cache.get(key)) === 'first';
};
/**
 * Waits until `cache` uses its first level (only once subscribed; a fresh key each try), then
 * puts `key` in it: a change made in Redis behind its back is then not seen.
 */
let probes = 0;
const heldInFirstLevel = async (cache: ReturnType<typeof stores>['a'], key: string) => {
  const namespace = key.slice(0, key.indexOf(':'));
  await eventually(() => readThenChange(cache, `${namespace}:probe-${++probes}`));
  expect(await readThenChange(cache, key)).toBe(true);
};

describe('Redis cache', () => {
  it('keeps JSON values for their lifetime, shared by every process', async () => {
    const { a, b, close } = stores();
    await a.set('catalog:row', { ids: [1, 2], name: 'Popular' }, 60);
    expect(await b.get('catalog:row')).toEqual({ ids: [1, 2], name: 'Popular' });
    await a.set('catalog:short', 'x', 0.2);
    await eventually(async () => (await b.get('catalog:short')) === undefined);
    await close();
  });

  it('forgets a namespace with one counter, in Redis and in every first level, and nothing else', async () => {
    const { a, b, close } = stores();
    await heldInFirstLevel(b, 'genres:held');
    await a.set('genres:all', ['Drama'], 600);
    await a.set('genresque:x', 1, 600);
    expect(await b.get('genres:all')).toEqual(['Drama']); // now in b's first level too
    await a.invalidate('genres');
    // No key scanned or deleted: the version went up, the old value just expires unread.
    expect(await one.client.get(`${prefix}cache:version:genres`)).toBe('1');
    expect(await one.client.exists(`${prefix}cache:v:genres:0:all`)).toBe(1);
    expect(await a.get('genres:all')).toBeUndefined();
    await eventually(async () => (await b.get('genres:all')) === undefined);
    expect(await b.get('genresque:x')).toBe(1);
    await close();
  });

  it('drops a deleted or overwritten key from the first level of other processes', async () => {
    const { a, b, close } = stores();
    await heldInFirstLevel(b, 'member:held');
    await a.set('member:7:plan', 'basic', 600);
    expect(await b.get('member:7:plan')).toBe('basic');
    await a.delete('member:7:plan');
    await eventually(async () => (await b.get('member:7:plan')) === undefined);
    await b.set('member:7:plan', 'premium', 600);
    expect(await b.get('member:7:plan')).toBe('premium');
    await a.set('member:7:plan', 'standard', 600);
    await eventually(async () => (await b.get('member:7:plan')) === 'standard');
    await close();
  });

  it('never keeps a value loaded while another process invalidated its namespace', async () => {
    const { a, b, close } = stores();
    let release!: () => void;
    const loading = a.getOrLoad('catalog:detail:9', 600, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'stale';
    });
    await eventually(async () => release !== undefined);
    await b.invalidate('catalog');
    release();
    expect(await loading).toBe('stale'); // the caller gets what it loaded…
    expect(await a.get('catalog:detail:9')).toBeUndefined(); // …but nobody reads it again
    expect(await b.get('catalog:detail:9')).toBeUndefined();
    await close();
  });

  it('empties the first level when its subscriber connection drops, and uses it again once back', async () => {
    const { b, close } = stores();
    await heldInFirstLevel(b, 'search:q'); // 'first' in b's first level, 'changed' in Redis
    two.subscriber.disconnect(true);
    await eventually(async () => (await b.get('search:q')) === 'changed');
    await heldInFirstLevel(b, 'search:again'); // subscribed again: the first level is used again
    await close();
  });
});
