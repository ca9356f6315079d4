import { describe, expect, it } from 'vitest';
import { AdvertisedCache } from './advertised-cache.ts';

function counter() {
  let n = 0;
  return { load: async () => `v${++n}`, count: () => n };
}

describe('AdvertisedCache', () => {
  it('serves one load to everyone within the time to live, then loads again', async () => {
    let now = 0;
    const c = counter();
    const cache = new AdvertisedCache(c.load, 1000, () => now);
    expect(await Promise.all([cache.get(), cache.get()])).toEqual(['v1', 'v1']);
    now = 999;
    expect(await cache.get()).toBe('v1');
    now = 1000;
    expect(await cache.get()).toBe('v2');
    expect(c.count()).toBe(2);
  });

  it('loads again right after clear, and a load begun before the clear is not kept', async () => {
    let release!: (v: string) => void;
    let calls = 0;
    const cache = new AdvertisedCache(
      () => (++calls === 1 ? new Promise<string>((r) => (release = r)) : Promise.resolve('after the write')),
      1000,
      () => 0,
    );
    const before = cache.get();
    cache.clear();
    release('before the write');
    expect(await before).toBe('before the write');
    expect(await cache.get()).toBe('after the write');
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new AdvertisedCache(async () => {
      if (fail) throw new Error('database restarting');
      return 'ok';
    });
    await expect(cache.get()).rejects.toThrow('database restarting');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
