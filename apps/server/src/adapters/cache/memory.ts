import type { Cache } from './cache';

/** In-process cache; concurrent misses for one key share a single load. */
export function createMemoryCache(maxEntries = 1000): Cache {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  return {
    getOrLoad<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
      if (ttlSeconds <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expiresAt: now + ttlSeconds * 1000, value });
      value.catch(() => entries.delete(key));
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    clear(prefix?: string) {
      if (!prefix) return entries.clear();
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
