import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * At most this many password hashes (scrypt: ~16 MB and tens of milliseconds of a libuv thread
 * each) run at once in this process, so that a burst of sign-ins cannot take every thread of the
 * pool (which file reads and DNS lookups share) or the memory; this many more wait their turn.
 */
export const HASHING = { concurrent: 2, queued: 32 };
/** What a client is told to wait when the queue is full: hashes take milliseconds, so a few seconds. */
const RETRY_AFTER_SECONDS = 3;

/**
 * better-auth's own scrypt hashing (`emailAndPassword.password`), through a bounded queue. Every
 * endpoint that hashes (sign-in, sign-up, change-password, …) goes through these two functions, so
 * none escapes the cap. Beyond the queue: a 503 with Retry-After.
 */
export function boundedPasswordHashing(limits = HASHING) {
  const slot = semaphore(limits.concurrent, limits.queued);
  return {
    hash: (password: string) => slot(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => slot(() => verifyPassword(data)),
  };
}

function semaphore(concurrent: number, queued: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function <T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrent) {
      if (waiting.length >= queued) {
        throw new APIError(
          'SERVICE_UNAVAILABLE',
          { message: 'The server is busy signing people in. Please try again in a few seconds.', code: 'BUSY' },
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      }
      // The slot is handed over by the one finishing (running stays the same), so none is lost.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
