// Which cars a reader is comparing: at most three car ids, kept in this browser while they choose
// and carried in `/compare?cars=…` to share. Pure, so the rules are held by compare-list.test.ts.

/** A comparison shows at most this many cars side by side (readable on a phone). */
export const maxCompared = 3;

/** Where this browser keeps the cars being compared. */
export const comparedKey = 'second-gear.compare';

/** What a fourth car is told. */
export const compareFullMessage = `You can compare up to ${maxCompared} cars: remove one first.`;

const carId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Car ids from a list written by anyone (an address, another version's storage): only ids, each once, at most three. */
export function carIdsOf(values: readonly unknown[]): string[] {
  const ids = values.filter((value): value is string => typeof value === 'string' && carId.test(value.trim())).map((value) => value.trim().toLowerCase());
  return [...new Set(ids)].slice(0, maxCompared);
}

/** The cars of `/compare?cars=id1,id2,id3`'s `cars`. */
export function comparedInAddress(cars: string | null): string[] {
  return carIdsOf((cars ?? '').split(','));
}

/** The cars this browser keeps, from the stored text; none when it is not a list. */
export function comparedInStorage(stored: string | null): string[] {
  try {
    const list: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(list) ? carIdsOf(list) : [];
  } catch {
    return [];
  }
}

/** The comparison's address, to open and to share. */
export function comparePath(ids: readonly string[]): string {
  return ids.length ? `/compare?cars=${ids.join(',')}` : '/compare';
}

/** `Compare` pressed on a car: added (last), or taken out when it was in; a fourth is refused with the reason. */
export function toggleCompared(ids: readonly string[], id: string): { ids: string[] } | { refused: string } {
  if (ids.includes(id)) return { ids: ids.filter((one) => one !== id) };
  if (ids.length >= maxCompared) return { refused: compareFullMessage };
  return { ids: [...ids, id] };
}
