import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

function counter(prefix = 'v') {
  let n = 0;
  return { load: async () => `${prefix}${++n}`, count: () => n };
}

describe('ReadCache', () => {
  it('serves one load to everyone within the time to live, then loads again', async () => {
    let now = 0;
    const c = counter();
    const cache = new ReadCache<string>(1000, 10, () => now);
    expect(await Promise.all([cache.get('grid', c.load), cache.get('grid', c.load)])).toEqual(['v1', 'v1']);
    now = 999;
    expect(await cache.get('grid', c.load)).toBe('v1');
    now = 1000;
    expect(await cache.get('grid', c.load)).toBe('v2');
    expect(c.count()).toBe(2);
    // The second of the two first lookups shared the load under way: answered without one of its own.
    expect([cache.hits, cache.misses]).toEqual([2, 2]);
  });

  it('keeps each key apart and at most maxEntries of them, dropping the oldest', async () => {
    const cache = new ReadCache<string>(1000, 2, () => 0);
    const a = counter('a');
    const b = counter('b');
    const c = counter('c');
    expect(await cache.get('a', a.load)).toBe('a1');
    expect(await cache.get('b', b.load)).toBe('b1');
    expect(await cache.get('c', c.load)).toBe('c1');
    expect(await cache.get('b', b.load)).toBe('b1');
    expect(await cache.get('a', a.load)).toBe('a2');
  });

  it('drops the entries past their time to live when it loads another, instead of keeping them until it is full', async () => {
    let now = 0;
    const cache = new ReadCache<string>(1000, 10, () => now);
    await cache.get('a', counter('a').load);
    now = 500;
    await cache.get('b', counter('b').load);
    now = 1200;
    await cache.get('c', counter('c').load);
    expect(cache.size).toBe(2);
    now = 1600;
    await cache.get('d', counter('d').load);
    expect(cache.size).toBe(2);
  });

  it('loads again right after clear, and a load begun before the clear is not kept', async () => {
    let release!: (v: string) => void;
    let calls = 0;
    const load = () => (++calls === 1 ? new Promise<string>((r) => (release = r)) : Promise.resolve('after the write'));
    const cache = new ReadCache<string>(1000, 10, () => 0);
    const before = cache.get('grid', load);
    cache.clear();
    release('before the write');
    expect(await before).toBe('before the write');
    expect(await cache.get('grid', load)).toBe('after the write');
  });

  it('loads every time and keeps nothing when its time to live is 0 (the cache turned off)', async () => {
    const c = counter();
    const cache = new ReadCache<string>(0, 10, () => 0);
    expect(await Promise.all([cache.get('grid', c.load), cache.get('grid', c.load)])).toEqual(['v1', 'v2']);
    expect(cache.size).toBe(0);
    expect([cache.hits, cache.misses]).toEqual([0, 2]);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new ReadCache<string>();
    const load = async () => {
      if (fail) throw new Error('database restarting');
      return 'ok';
    };
    await expect(cache.get('grid', load)).rejects.toThrow('database restarting');
    fail = false;
    expect(await cache.get('grid', load)).toBe('ok');
  });
});
