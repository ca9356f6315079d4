// What this browser keeps for a reader (a visitor's Near, the cars being compared). A browser that
// keeps nothing (storage off, full, or none, as on the server's first render) is never an error: what
// was to be kept simply is not, and what was kept reads as nothing.

/** This browser's localStorage; undefined where there is none. */
export const browserStorage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The text kept under `key`; null when there is none or the storage cannot be read. */
export function readFromBrowser(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`, or forgets the key when `value` is null. */
export function keepInBrowser(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Kept nowhere: the page works the same, without memory.
  }
}
