import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisConnection, type RedisConnection } from '../../adapters/redis/redis-connection';
import { createLogger } from '../../lib/logger';
import { eventually, TEST_REDIS_URL, uniqueRedisPrefix } from '../../testing/scaled-out';
import { deleteRedisKeys } from '../../testing/stores';
import {
  createRedisUploadLocker,
  LOCK_SERVICE_UNAVAILABLE,
  type RedisUploadLocker,
  type RedisUploadLockerOptions,
} from './redis-upload-locker';

const log = createLogger({ logLevel: 'silent', prettyLogs: false });
const prefix = uniqueRedisPrefix();
const connections: RedisConnection[] = [];
const lockers: RedisUploadLocker[] = [];

/** One "process": its own Redis connections and its own locker, on the shared prefix. */
async function processLocker(options: RedisUploadLockerOptions = {}) {
  const redis = await createRedisConnection({ url: TEST_REDIS_URL, keyPrefix: prefix }, log);
  connections.push(redis);
  // Fails loudly when Redis is not there: these tests never skip.
  expect(redis.up, `Redis at ${TEST_REDIS_URL}`).toBe(true);
  const locker = createRedisUploadLocker(redis, options);
  lockers.push(locker);
  // Release requests travel by pub/sub: queued behind the locker's own SUBSCRIBE, this resolves
  // once the process listens.
  await redis.subscriber.subscribe(`${prefix}upload-lock-release`);
  return { redis, locker };
}

const uploadId = () => randomBytes(8).toString('hex');
const lockKey = (id: string) => `${prefix}upload-lock:${id}`;
const never = () => new AbortController().signal;

let one: Awaited<ReturnType<typeof processLocker>>;
let two: Awaited<ReturnType<typeof processLocker>>;

beforeAll(async () => {
  one = await processLocker();
  two = await processLocker();
});
afterAll(async () => {
  for (const locker of lockers) await locker.close();
  for (const redis of connections) await redis.close();
  await deleteRedisKeys(TEST_REDIS_URL, prefix);
});

describe('Redis upload locker', () => {
  it('lets one process hold an upload; another waits, asks it to let go, and takes it once released', async () => {
    const id = uploadId();
    const first = one.locker.newLock(id);
    let releaseAsked = 0;
    await first.lock(never(), () => {
      releaseAsked++;
    });
    const second = two.locker.newLock(id);
    let secondHolds = false;
    const taking = second.lock(never(), () => undefined).then(() => (secondHolds = true));
    // The holder hears the request through pub/sub but keeps the lock until it unlocks.
    await eventually(async () => releaseAsked > 0);
    await sleep(300);
    expect(secondHolds).toBe(false);
    await first.unlock();
    await taking;
    expect(secondHolds).toBe(true);
    await second.unlock();
    expect(await one.redis.client.exists(lockKey(id))).toBe(0);
  });

  it('never lets two holders in at once under contention from three processes', async () => {
    const three = await processLocker();
    const id = uploadId();
    let inside = 0;
    let most = 0;
    let entries = 0;
    await Promise.all(
      [one, two, three].flatMap(({ locker }) =>
        Array.from({ length: 2 }, async () => {
          for (let round = 0; round < 8; round++) {
            const lock = locker.newLock(id);
            await lock.lock(never(), () => undefined);
            inside++;
            entries++;
            most = Math.max(most, inside);
            await sleep(5);
            inside--;
            await lock.unlock();
          }
        }),
      ),
    );
    expect(entries).toBe(48);
    expect(most).toBe(1);
  });

  it('fails like MemoryLocker when the holder does not let go within the timeout or the request ends', async () => {
    const impatient = await processLocker({ acquireTimeoutMs: 400 });
    const id = uploadId();
    const holder = one.locker.newLock(id);
    await holder.lock(never(), () => undefined);
    await expect(impatient.locker.newLock(id).lock(never(), () => undefined)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    const gone = new AbortController();
    const waiting = two.locker.newLock(id).lock(gone.signal, () => undefined);
    setTimeout(() => gone.abort(), 100);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await holder.unlock();
  });

  it('lets another process take an upload once a dead holder’s lock expires', async () => {
    const doomed = await processLocker({ lockTtlMs: 600 });
    const id = uploadId();
    await doomed.locker.newLock(id).lock(never(), () => undefined);
    // The process dies: no renewal, no unlock, no answer to release requests.
    doomed.redis.client.disconnect();
    doomed.redis.subscriber.disconnect();
    const started = performance.now();
    const survivor = two.locker.newLock(id);
    await survivor.lock(never(), () => undefined);
    const waitedMs = performance.now() - started;
    expect(waitedMs).toBeGreaterThan(100);
    expect(waitedMs).toBeLessThan(10_000);
    await survivor.unlock();

    // While Redis cannot be asked, a request is refused with a 503 that tus clients retry.
    await expect(doomed.locker.newLock(uploadId()).lock(never(), () => undefined)).rejects.toBe(
      LOCK_SERVICE_UNAVAILABLE,
    );
  });

  it('keeps its lock alive while held, longer than its expiry', async () => {
    const renewing = await processLocker({ lockTtlMs: 400 });
    const id = uploadId();
    const lock = renewing.locker.newLock(id);
    await lock.lock(never(), () => undefined);
    await sleep(1_200);
    expect(await one.redis.client.exists(lockKey(id))).toBe(1);
    await lock.unlock();
    expect(await one.redis.client.exists(lockKey(id))).toBe(0);
  });

  it('is released only by its owner', async () => {
    const lost: string[] = [];
    const owner = await processLocker({ lockTtlMs: 300, onLockLost: (id) => lost.push(id) });
    const id = uploadId();

    // A lock that was never taken cannot release someone else's.
    const held = one.locker.newLock(id);
    await held.lock(never(), () => undefined);
    const stranger = two.locker.newLock(id);
    await expect(stranger.unlock()).rejects.toThrow('Releasing an unlocked lock!');
    expect(await one.redis.client.exists(lockKey(id))).toBe(1);
    await held.unlock();

    // A holder whose lock expired and went to another owner stops writing, and its unlock
    // leaves the new owner's lock in place.
    const other = uploadId();
    let askedToStop = 0;
    const expired = owner.locker.newLock(other);
    await expired.lock(never(), () => {
      askedToStop++;
    });
    await one.redis.client.set(lockKey(other), 'the-next-owner', 'PX', 60_000);
    await eventually(async () => askedToStop > 0);
    await expired.unlock();
    expect(await one.redis.client.get(lockKey(other))).toBe('the-next-owner');
    expect(lost).toContain(other);
  });
});
