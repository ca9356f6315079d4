import type { AsyncLocalStorage } from 'node:async_hooks';
import { getCurrentAuthContextAsyncLocalStorage, getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { clientAddressStorage } from './client-address.ts';

/**
 * On Node 20 an AsyncLocalStorage whose `run()` has been called once keeps async hooks installed
 * for the whole process: from then on every promise of every request pays for carrying the stores
 * along, whether anything reads them or not. better-auth keeps each call's state in three of them,
 * and `withClientAddress` in one, so after the first sign-in every answer, the public grid's too,
 * cost 9–19% more CPU (decision 031).
 *
 * They are needed only while a call into better-auth runs. So calls are counted, and when the last
 * one in flight settles the stores are disabled, which removes the hooks; the next call's `run()`
 * enables them again. Nothing of a call outlives it: better-auth awaits its hooks and background
 * work (no `backgroundTasks` handler is configured), and ours write to the database before they return.
 * The store of the pages the server draws (modules/site/first-screen.ts) is counted the same way.
 */
export class CallContexts {
  #inFlight = 0;

  constructor(private readonly stores: Promise<AsyncLocalStorage<unknown>[]>) {}

  async run<T>(call: () => Promise<T>): Promise<T> {
    const stores = await this.stores;
    this.#inFlight += 1;
    try {
      return await call();
    } finally {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) for (const store of stores) store.disable();
    }
  }
}

/** better-auth's stores (created here if no call has made them yet: the same instances it uses) and the client address's. */
function authStores(): Promise<AsyncLocalStorage<unknown>[]> {
  return Promise.all([getRequestStateAsyncLocalStorage(), getCurrentAuthContextAsyncLocalStorage(), getCurrentDBAdapterAsyncLocalStorage(), clientAddressStorage]);
}

interface BetterAuthLike {
  handler(request: Request): Promise<Response>;
  api: object;
}

/**
 * `auth` with its handler and every `auth.api` endpoint run through one CallContexts. The endpoints
 * stay the same functions to their callers (their properties included): only calling them is wrapped.
 */
export function contextsOnlyDuringCalls<A extends BetterAuthLike>(auth: A, contexts = new CallContexts(authStores())): A {
  const wrapped = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (!wrapped.has(key)) {
        wrapped.set(key, new Proxy(value, { apply: (fn, self, args) => contexts.run(() => Reflect.apply(fn, self, args) as Promise<unknown>) }));
      }
      return wrapped.get(key);
    },
  });
  const handler = (request: Request) => contexts.run(() => auth.handler(request));
  return new Proxy(auth, {
    get(target, key, receiver) {
      if (key === 'api') return api;
      if (key === 'handler') return handler;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
