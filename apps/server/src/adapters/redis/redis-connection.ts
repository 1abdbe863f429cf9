import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** A command that has not answered by then fails, and the caller goes on without Redis. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long start-up waits for a first connection before it goes on without Redis. */
const FIRST_CONNECT_WAIT_MS = 2_000;

/**
 * The connections of one process to Redis: one for commands (cache, rate limits) that never
 * queues a command while disconnected, so no request waits for Redis, and one for pub/sub.
 * Both reconnect by themselves, forever, with a capped backoff.
 */
export interface RedisConnection {
  /** Commands; fails at once while disconnected and after REDIS_COMMAND_TIMEOUT_MS otherwise. */
  readonly client: Redis;
  /** Subscriptions only; its subscriptions are renewed on every reconnect. */
  readonly subscriber: Redis;
  /** Prefix of every key and channel of this site, so several sites can share one Redis. */
  readonly keyPrefix: string;
  /** Whether the command connection is up right now (no round trip). */
  readonly up: boolean;
  /** Asks Redis; true when it answered in time. */
  ping(): Promise<boolean>;
  /** Called with true when the command connection comes back, false when it goes away. */
  onChange(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

/** Options for a connection that must not make callers wait (BullMQ's own connections differ). */
export function redisCommandOptions(): RedisOptions {
  return {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
    lazyConnect: true,
  };
}

export async function createRedisConnection(
  settings: { url: string; keyPrefix: string },
  log: FastifyBaseLogger,
): Promise<RedisConnection> {
  const client = new Redis(settings.url, { ...redisCommandOptions(), connectionName: 'reeltime' });
  // The subscriber issues nothing but SUBSCRIBE, which may wait for the connection.
  const subscriber = new Redis(settings.url, {
    ...redisCommandOptions(),
    enableOfflineQueue: true,
    commandTimeout: undefined,
    connectionName: 'reeltime-subscriber',
  });
  const listeners: Array<(up: boolean) => void> = [];
  let up = false;
  let reported: boolean | null = null;
  /** Set by close(): the connection ending then is a shutdown, not an outage. */
  let closing = false;
  const where = redactedUrl(settings.url);

  const changed = (now: boolean, error?: unknown) => {
    if (now === up && reported !== null) return;
    up = now;
    if (reported !== now) {
      // Said once per outage: reconnect attempts fail quietly until it is back.
      if (now) log.info({ redis: where }, 'Redis is reachable: cache and rate limits are shared');
      else
        log.warn(
          { redis: where, err: error },
          'Redis is not reachable: reads go to the database and rate limits are not counted until it is back',
        );
      reported = now;
    }
    for (const listener of listeners) listener(now);
  };
  let lastError: unknown;
  client.on('ready', () => changed(true));
  client.on('error', (error) => {
    lastError = error;
  });
  client.on('close', () => {
    if (closing) return;
    if (up || reported === null) changed(false, lastError);
  });
  subscriber.on('error', () => {});

  const connected = (redis: Redis) =>
    redis.connect().then(
      () => true,
      () => false,
    );
  const firstConnect = Promise.all([connected(client), connected(subscriber)]);
  const waited = await Promise.race([
    firstConnect.then(([ok]) => ok),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), FIRST_CONNECT_WAIT_MS).unref()),
  ]);
  if (!waited && reported === null) changed(false, lastError);

  return {
    client,
    subscriber,
    keyPrefix: settings.keyPrefix,
    get up() {
      return up;
    },
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closing = true;
      await Promise.all([client, subscriber].map(closeQuietly));
    },
  };
}

async function closeQuietly(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    if (redis.status !== 'ready') throw new Error('not connected');
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
