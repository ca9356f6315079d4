import { describe, expect, it } from 'vitest';
import { browserNearKey, readBrowserNear, writeBrowserNear } from './kept-near.ts';

/** A browser's localStorage, in memory. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("a visitor's Near and Distance kept in the browser", () => {
  it('come back as they were kept, and are forgotten with the Near', () => {
    const storage = memoryStorage();
    writeBrowserNear(storage, { nearZip: '78701', searchRadius: 50 });
    expect(readBrowserNear(storage)).toEqual({ nearZip: '78701', searchRadius: 50 });
    writeBrowserNear(storage, { nearZip: null, searchRadius: null });
    expect(storage.items.has(browserNearKey)).toBe(false);
    expect(readBrowserNear(storage)).toEqual({ nearZip: null, searchRadius: null });
  });

  it('ignore what is none of the choices (another version’s, or written by hand)', () => {
    expect(readBrowserNear(memoryStorage({ [browserNearKey]: '{"nearZip":"7870","searchRadius":50}' }))).toEqual({ nearZip: null, searchRadius: null });
    expect(readBrowserNear(memoryStorage({ [browserNearKey]: '{"nearZip":"78701","searchRadius":30}' }))).toEqual({ nearZip: '78701', searchRadius: null });
    expect(readBrowserNear(memoryStorage({ [browserNearKey]: 'not json' }))).toEqual({ nearZip: null, searchRadius: null });
  });

  it('are simply not kept by a browser that keeps nothing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeBrowserNear(refusing, { nearZip: '78701', searchRadius: 50 })).not.toThrow();
    expect(readBrowserNear(refusing)).toEqual({ nearZip: null, searchRadius: null });
    expect(readBrowserNear(undefined)).toEqual({ nearZip: null, searchRadius: null });
  });
});
