import type { Limit, RateLimits } from '../auth/rate-limits.ts';
import { AppError, waitWords } from '../errors.ts';

/**
 * Runs `action` as one of the `limit` a person may do in a window, counted under `key` in
 * PostgreSQL (RateLimits: every app process shares the count), or refuses it with a 429 whose
 * `Retry-After` and message (`refusal(wait in words)`) say how long to wait. Only what happened is
 * counted: an action that throws, or whose result `counts` says did nothing, is given back.
 */
export async function withinLimit<T>(
  limits: RateLimits,
  key: string,
  limit: Limit,
  refusal: (wait: string) => string,
  action: () => Promise<T>,
  counts: (result: T) => boolean = () => true,
): Promise<T> {
  const minutes = await limits.take([{ key, limit }]);
  if (minutes) throw new AppError('TOO_MANY_REQUESTS', refusal(waitWords(minutes)), minutes * 60);
  let result: T;
  try {
    result = await action();
  } catch (err) {
    await limits.giveBack([key]);
    throw err;
  }
  if (!counts(result)) await limits.giveBack([key]);
  return result;
}
