import type { CacheStore } from './cache';

/** In-process store, the embedded default; the oldest entry goes first once it is full. */
export function createMemoryCacheStore(maxEntries = 10_000): CacheStore {
  const entries = new Map<string, { expiresAt: number; value: unknown }>();
  return {
    async get<T>(key: string) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value as T;
    },
    async set(key, value, ttlSeconds) {
      if (ttlSeconds <= 0) return;
      entries.delete(key);
      entries.set(key, { expiresAt: Date.now() + ttlSeconds * 1000, value });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    async delete(key) {
      entries.delete(key);
    },
    async invalidate(namespace) {
      const prefix = `${namespace}:`;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
