import type { Responsiveness } from '@second-gear/contract';

// How a seller answers, in the words of their profile's `Responds` ("Answers 9 in 10 messages,
// usually within 2 hours"): a share a person takes in at a glance, never a percentage to two
// decimals, and nothing at all from too few cases to mean anything.

/** Fewer cases than this in the 90 days say nothing about a seller. */
export const ENOUGH_CASES = 3;

/** A median time to answer as "within …": an hour at least, then whole hours, then whole days, rounded up. */
export function withinWords(minutes: number): string {
  if (minutes <= 60) return 'an hour';
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `${hours} hours`;
  const days = Math.ceil(minutes / (24 * 60));
  return days === 1 ? 'a day' : `${days} days`;
}

/**
 * `kind` in the plural ("messages", "booking requests") and the singular. The share in tenths,
 * never "10 in 10" for a seller who missed one nor "0 in 10" for one who answered any.
 */
export function respondsWords(r: Responsiveness, kind: { one: string; many: string }): string {
  if (r.cases < ENOUGH_CASES) return 'Not enough to tell';
  if (r.answered === 0) return `Answered none of ${r.cases} ${kind.many}`;
  const share = r.answered === r.cases ? `Answers every ${kind.one}` : `Answers ${Math.min(9, Math.max(1, Math.round((10 * r.answered) / r.cases)))} in 10 ${kind.many}`;
  return r.medianMinutes === null ? share : `${share}, usually within ${withinWords(r.medianMinutes)}`;
}

/** "Sold here: 4 cars". */
export const soldWords = (sold: number) => `Sold here: ${sold} ${sold === 1 ? 'car' : 'cars'}`;
