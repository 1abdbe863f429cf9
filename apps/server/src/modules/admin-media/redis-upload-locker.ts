import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { RedisConnection } from '../../adapters/redis/redis-connection';

/** How long a new request waits for a held upload before tus answers 500, as MemoryLocker does. */
const ACQUIRE_TIMEOUT_MS = 30_000;
/**
 * A lock lives this long unless its holder renews it (every third of it). Longer than tus's
 * lock drain time (3 s), so a holder asked to let go stops writing before its lock could expire.
 */
const LOCK_TTL_MS = 10_000;
/** How often a waiting request tries again to take the lock. */
const POLL_MS = 50;
/** How often a waiting request repeats its request that the holder let go. */
const ASK_AGAIN_MS = 1_000;

/** Compare-and-delete: only the holder that set the token removes the lock. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/** Compare-and-extend: only the holder renews, and only a lock it still holds. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/** What tus answers while Redis cannot be asked: a 503, which tus clients retry by themselves. */
export const LOCK_SERVICE_UNAVAILABLE = {
  status_code: 503,
  body: 'Uploads are paused for a moment; the upload resumes by itself.',
} as const;

export interface RedisUploadLockerOptions {
  acquireTimeoutMs?: number;
  lockTtlMs?: number;
  pollMs?: number;
  /** Told when a holder loses its lock (renewal refused or Redis unreachable). */
  onLockLost?: (uploadId: string, error?: unknown) => void;
}

export interface RedisUploadLocker extends Locker {
  /** Stops listening for release requests (the connection itself is the caller's). */
  close(): Promise<void>;
}

interface Holding {
  token: string;
  requestRelease: RequestRelease;
  renewal: NodeJS.Timeout;
}

/**
 * tus's Locker shared by every process of a site through Redis (docs/decisions/0022): one key per
 * upload (`<prefix>upload-lock:<id>`) set with NX to a random token and an expiry its holder keeps
 * renewing, so a crashed process blocks an upload for at most one expiry. Only the token's owner
 * deletes it (Lua compare-and-delete). A request that finds the upload locked publishes the id on
 * `<prefix>upload-lock-release`; the process holding it calls its holder's release callback, as
 * MemoryLocker does in one process, and the waiting request takes the lock once it is free or
 * fails like MemoryLocker after the acquire timeout.
 */
export function createRedisUploadLocker(
  redis: Pick<RedisConnection, 'client' | 'subscriber' | 'keyPrefix'>,
  options: RedisUploadLockerOptions = {},
): RedisUploadLocker {
  const acquireTimeoutMs = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
  const ttlMs = options.lockTtlMs ?? LOCK_TTL_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const channel = `${redis.keyPrefix}upload-lock-release`;
  const keyOf = (id: string) => `${redis.keyPrefix}upload-lock:${id}`;
  /** The locks this process holds, by upload id. */
  const held = new Map<string, Holding>();

  const onMessage = (from: string, uploadId: string) => {
    if (from !== channel) return;
    void held.get(uploadId)?.requestRelease();
  };
  const subscribe = () => {
    redis.subscriber.subscribe(channel).catch(() => undefined);
  };
  redis.subscriber.on('message', onMessage);
  redis.subscriber.on('ready', subscribe);
  if (redis.subscriber.status === 'ready') subscribe();

  const askHolderToRelease = (id: string) => {
    redis.client.publish(channel, id).catch(() => undefined);
  };

  const startHolding = (id: string, token: string, requestRelease: RequestRelease): Holding => {
    let lost = false;
    const loseLock = (error?: unknown) => {
      if (lost) return;
      lost = true;
      options.onLockLost?.(id, error);
      // Stop writing now: another process may take the upload once the key expires.
      void requestRelease();
    };
    const renewal = setInterval(
      () => {
        redis.client.eval(RENEW, 1, keyOf(id), token, String(ttlMs)).then(
          (renewed) => {
            if (renewed !== 1) loseLock();
          },
          (error: unknown) => loseLock(error),
        );
      },
      Math.floor(ttlMs / 3),
    );
    renewal.unref();
    const holding = { token, requestRelease, renewal };
    held.set(id, holding);
    return holding;
  };

  class RedisUploadLock implements Lock {
    private holding: Holding | null = null;

    constructor(private readonly id: string) {}

    async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const token = randomBytes(16).toString('hex');
      const key = keyOf(this.id);
      const deadline = Date.now() + acquireTimeoutMs;
      let askedAt = 0;
      for (;;) {
        if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
        let taken: string | null;
        try {
          taken = await redis.client.set(key, token, 'PX', ttlMs, 'NX');
        } catch {
          throw LOCK_SERVICE_UNAVAILABLE;
        }
        if (taken === 'OK') {
          this.holding = startHolding(this.id, token, requestRelease);
          return;
        }
        const now = Date.now();
        if (now >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        if (now - askedAt >= ASK_AGAIN_MS) {
          askedAt = now;
          askHolderToRelease(this.id);
        }
        await sleep(Math.min(pollMs, deadline - now), undefined, { signal: stopSignal }).catch(
          () => undefined,
        );
      }
    }

    async unlock(): Promise<void> {
      const holding = this.holding;
      if (!holding) throw new Error('Releasing an unlocked lock!');
      this.holding = null;
      clearInterval(holding.renewal);
      if (held.get(this.id) === holding) held.delete(this.id);
      try {
        const released = await redis.client.eval(RELEASE, 1, keyOf(this.id), holding.token);
        if (released !== 1) options.onLockLost?.(this.id);
      } catch (error) {
        // The key expires by itself; the request that used it is done either way.
        options.onLockLost?.(this.id, error);
      }
    }
  }

  return {
    newLock: (id) => new RedisUploadLock(id),
    async close() {
      redis.subscriber.off('message', onMessage);
      redis.subscriber.off('ready', subscribe);
      for (const holding of held.values()) clearInterval(holding.renewal);
      held.clear();
      await redis.subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
