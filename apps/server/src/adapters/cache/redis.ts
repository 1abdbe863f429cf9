import type { RedisConnection } from '../redis/redis-connection';
import type { CacheStore } from './cache';
import { createMemoryCacheStore } from './memory';

/** How long a value read from Redis is kept in the process itself (its first level). */
export const FIRST_LEVEL_SECONDS = 3;
/** Misses remembered (key -> namespace version seen) until their value is set; oldest go first. */
const MAX_PENDING_MISSES = 10_000;

// KEYS[1]: the namespace's version counter. ARGV: value key before and after the version.
// Returns the version, the value (or false) and its remaining lifetime in ms.
const READ = `
local version = redis.call('GET', KEYS[1]) or '0'
local key = ARGV[1] .. version .. ARGV[2]
local value = redis.call('GET', key)
if not value then return {version, false, 0} end
return {version, value, redis.call('PTTL', key)}
`;
// ARGV: prefix, suffix, value, lifetime ms, version seen at the miss ('' for the current one).
const WRITE = `
local version = ARGV[5]
if version == '' then version = redis.call('GET', KEYS[1]) or '0' end
redis.call('SET', ARGV[1] .. version .. ARGV[2], ARGV[3], 'PX', ARGV[4])
return version
`;
const REMOVE = `
local version = redis.call('GET', KEYS[1]) or '0'
return redis.call('DEL', ARGV[1] .. version .. ARGV[2])
`;
// KEYS[1]: the namespace's version counter. ARGV[1]: channel, ARGV[2]: message.
const INVALIDATE = `
redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], ARGV[2])
return 1
`;

type CacheCommands = {
  cacheRead(versionKey: string, prefix: string, suffix: string): Promise<[string, string | null, number]>;
  cacheWrite(
    versionKey: string,
    prefix: string,
    suffix: string,
    value: string,
    ttlMs: number,
    version: string,
  ): Promise<string>;
  cacheRemove(versionKey: string, prefix: string, suffix: string): Promise<number>;
  cacheInvalidate(versionKey: string, channel: string, message: string): Promise<number>;
};

/**
 * The cache shared by every process: values live in Redis with their lifetime, under a key that
 * carries their namespace's version, so forgetting a namespace is one INCR (old values are never
 * read again and expire by themselves). Each process keeps what it read for FIRST_LEVEL_SECONDS
 * and drops it when another process invalidates a namespace or deletes a key (a message on one
 * channel, received on the subscriber connection). While that connection is down messages are
 * lost, so the first level is emptied and not used until it is subscribed again. When Redis does
 * not answer, a read is a miss (the caller loads from the database) and a write is skipped; a
 * namespace invalidated meanwhile is invalidated again once Redis is back.
 */
export function createRedisCacheStore(
  redis: RedisConnection,
  options: { firstLevelSeconds?: number; withoutFirstLevel?: readonly string[] } = {},
): CacheStore & { close(): Promise<void> } {
  const firstLevelSeconds = options.firstLevelSeconds ?? FIRST_LEVEL_SECONDS;
  const sharedOnly = new Set(options.withoutFirstLevel ?? []);
  const client = redis.client as typeof redis.client & CacheCommands;
  const prefix = `${redis.keyPrefix}cache:`;
  const channel = `${redis.keyPrefix}cache-invalidations`;
  client.defineCommand('cacheRead', { numberOfKeys: 1, lua: READ });
  client.defineCommand('cacheWrite', { numberOfKeys: 1, lua: WRITE });
  client.defineCommand('cacheRemove', { numberOfKeys: 1, lua: REMOVE });
  client.defineCommand('cacheInvalidate', { numberOfKeys: 1, lua: INVALIDATE });

  let local = createMemoryCacheStore();
  let subscribed = false;
  // Bumped whenever the first level loses a namespace (or everything): a value loaded before
  // that is not put into it.
  let generation = 0;
  const misses = new Map<string, { version: string; generation: number }>();
  const pendingInvalidations = new Set<string>();

  const split = (key: string) => {
    const at = key.indexOf(':');
    const namespace = at === -1 ? '' : key.slice(0, at);
    return {
      namespace,
      versionKey: `${prefix}version:${namespace}`,
      before: `${prefix}v:${namespace}:`,
      after: `:${at === -1 ? key : key.slice(at + 1)}`,
    };
  };
  const firstLevel = (namespace: string) => subscribed && firstLevelSeconds > 0 && !sharedOnly.has(namespace);
  const flush = () => {
    generation++;
    local = createMemoryCacheStore();
  };

  const onMessage = (from: string, message: string) => {
    if (from !== channel) return;
    generation++;
    if (message.startsWith('n:')) void local.invalidate(message.slice(2));
    else if (message.startsWith('k:')) void local.delete(message.slice(2));
  };
  redis.subscriber.on('message', onMessage);
  const subscribe = () => {
    redis.subscriber.subscribe(channel).then(
      () => {
        flush();
        subscribed = true;
      },
      () => {},
    );
  };
  const onSubscriberClose = () => {
    subscribed = false;
    flush();
  };
  redis.subscriber.on('ready', subscribe);
  redis.subscriber.on('close', onSubscriberClose);
  if (redis.subscriber.status === 'ready') subscribe();

  const publish = (message: string) => client.publish(channel, message).catch(() => {});
  const invalidateInRedis = async (namespace: string) => {
    const { versionKey } = split(`${namespace}:`);
    try {
      await client.cacheInvalidate(versionKey, channel, `n:${namespace}`);
      pendingInvalidations.delete(namespace);
    } catch {
      pendingInvalidations.add(namespace);
    }
  };
  redis.onChange((up) => {
    if (up) for (const namespace of [...pendingInvalidations]) void invalidateInRedis(namespace);
  });

  return {
    async get<T>(key: string) {
      const { namespace, versionKey, before, after } = split(key);
      if (firstLevel(namespace)) {
        const near = await local.get<T>(key);
        if (near !== undefined) return near;
      }
      const seenGeneration = generation;
      let version: string;
      let value: string | null;
      let ttlMs: number;
      try {
        [version, value, ttlMs] = await client.cacheRead(versionKey, before, after);
      } catch {
        return undefined;
      }
      if (value === null) {
        misses.delete(key);
        misses.set(key, { version, generation: seenGeneration });
        if (misses.size > MAX_PENDING_MISSES) misses.delete(misses.keys().next().value!);
        return undefined;
      }
      let parsed: T;
      try {
        parsed = JSON.parse(value) as T;
      } catch {
        return undefined;
      }
      if (firstLevel(namespace) && generation === seenGeneration && ttlMs > 0) {
        await local.set(key, parsed, Math.min(firstLevelSeconds, ttlMs / 1000));
      }
      return parsed;
    },
    async set(key, value, ttlSeconds) {
      if (ttlSeconds <= 0 || value === undefined) return;
      const { namespace, versionKey, before, after } = split(key);
      const miss = misses.get(key);
      misses.delete(key);
      try {
        await client.cacheWrite(
          versionKey,
          before,
          after,
          JSON.stringify(value),
          Math.ceil(ttlSeconds * 1000),
          miss?.version ?? '',
        );
      } catch {
        return;
      }
      // A value loaded after a miss replaces nothing another process could hold; any other
      // write replaces a value that first levels elsewhere may hold.
      if (!miss) {
        await local.delete(key);
        await publish(`k:${key}`);
      } else if (firstLevel(namespace) && generation === miss.generation) {
        await local.set(key, value, Math.min(firstLevelSeconds, ttlSeconds));
      }
    },
    async delete(key) {
      const { versionKey, before, after } = split(key);
      misses.delete(key);
      generation++;
      await local.delete(key);
      try {
        await client.cacheRemove(versionKey, before, after);
      } catch {
        return;
      }
      await publish(`k:${key}`);
    },
    async invalidate(namespace) {
      generation++;
      await local.invalidate(namespace);
      await invalidateInRedis(namespace);
    },
    async close() {
      redis.subscriber.off('message', onMessage);
      redis.subscriber.off('ready', subscribe);
      redis.subscriber.off('close', onSubscriberClose);
      flush();
    },
  };
}
