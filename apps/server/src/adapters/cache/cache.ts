/**
 * A cache of JSON-like values shared by the code of one process (in memory) or of every process
 * (Redis). Keys are `namespace:rest`; a namespace is forgotten at once with `invalidate`.
 * Values must survive JSON (no Maps, Sets or Dates), and callers never mutate what they get.
 */
export interface CacheStore {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Forgets every key that starts with `namespace:`. */
  invalidate(namespace: string): Promise<void>;
}

/** A store with a read-through helper: concurrent misses of one key share a single load. */
export interface Cache extends CacheStore {
  getOrLoad<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T>;
}

export function withReadThrough(store: CacheStore): Cache {
  const loading = new Map<string, Promise<unknown>>();
  return {
    get: (key) => store.get(key),
    set: (key, value, ttlSeconds) => store.set(key, value, ttlSeconds),
    delete: (key) => store.delete(key),
    invalidate: (namespace) => store.invalidate(namespace),
    async getOrLoad<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
      if (ttlSeconds <= 0) return load();
      const hit = await store.get<T>(key);
      if (hit !== undefined) return hit;
      const inFlight = loading.get(key);
      if (inFlight) return inFlight as Promise<T>;
      const value = (async () => {
        try {
          const loaded = await load();
          await store.set(key, loaded, ttlSeconds);
          return loaded;
        } finally {
          loading.delete(key);
        }
      })();
      loading.set(key, value);
      return value;
    },
  };
}
