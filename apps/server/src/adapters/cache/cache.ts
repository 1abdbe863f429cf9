/** A small read-through cache for hot, shared reads (browse rows, banners). */
export interface Cache {
  getOrLoad<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T>;
  clear(prefix?: string): void;
}
