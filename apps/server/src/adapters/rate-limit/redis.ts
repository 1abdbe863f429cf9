import type { RedisConnection } from '../redis/redis-connection';
import type { RateLimitStore } from './rate-limit-store';

/**
 * Counts shared by every process, in @fastify/rate-limit's own Redis store (one Lua INCR per
 * request). While Redis does not answer, requests are let through rather than refused, so an
 * outage never locks members out; the connection fails commands at once, so none waits for it.
 */
export function createRedisRateLimitStore(redis: RedisConnection): RateLimitStore {
  return {
    kind: 'redis',
    pluginOptions: { redis: redis.client, nameSpace: `${redis.keyPrefix}rate-limit:`, skipOnError: true },
  };
}
