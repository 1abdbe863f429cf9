import { afterEach, describe, expect, it, vi } from 'vitest';
import { withReadThrough } from './cache';
import { createMemoryCacheStore } from './memory';

afterEach(() => vi.useRealTimers());

describe('memory cache', () => {
  it('keeps a value for its lifetime, then forgets it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = withReadThrough(createMemoryCacheStore());
    await cache.set('catalog:banners', ['a'], 30);
    expect(await cache.get('catalog:banners')).toEqual(['a']);
    vi.setSystemTime(Date.now() + 30_001);
    expect(await cache.get('catalog:banners')).toBeUndefined();
  });

  it('forgets a whole namespace and only that namespace', async () => {
    const cache = withReadThrough(createMemoryCacheStore());
    await cache.set('catalog:row:1', 1, 60);
    await cache.set('catalog:detail:2', 2, 60);
    await cache.set('catalogue:other', 3, 60);
    await cache.set('member:7:watch-list', [4], 60);
    await cache.invalidate('catalog');
    expect(await cache.get('catalog:row:1')).toBeUndefined();
    expect(await cache.get('catalog:detail:2')).toBeUndefined();
    expect(await cache.get('catalogue:other')).toBe(3);
    expect(await cache.get('member:7:watch-list')).toEqual([4]);
    await cache.delete('member:7:watch-list');
    expect(await cache.get('member:7:watch-list')).toBeUndefined();
  });

  it('loads a missing key once for concurrent readers, and not at all while it is cached', async () => {
    const cache = withReadThrough(createMemoryCacheStore());
    const load = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { n: 1 };
    });
    const values = await Promise.all([1, 2, 3].map(() => cache.getOrLoad('catalog:x', 60, load)));
    expect(values).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    await cache.getOrLoad('catalog:x', 60, load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('caches nothing with a lifetime of 0 and never keeps a failed load', async () => {
    const cache = withReadThrough(createMemoryCacheStore());
    let calls = 0;
    const load = async () => ++calls;
    await cache.getOrLoad('catalog:y', 0, load);
    await cache.getOrLoad('catalog:y', 0, load);
    expect(calls).toBe(2);
    await expect(cache.getOrLoad('catalog:z', 60, () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.getOrLoad('catalog:z', 60, async () => 'up')).toBe('up');
  });

  it('drops the oldest entry once full', async () => {
    const cache = withReadThrough(createMemoryCacheStore(2));
    await cache.set('a:1', 1, 60);
    await cache.set('a:2', 2, 60);
    await cache.set('a:3', 3, 60);
    expect(await cache.get('a:1')).toBeUndefined();
    expect(await cache.get('a:3')).toBe(3);
  });
});
