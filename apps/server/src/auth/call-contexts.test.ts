import { AsyncLocalStorage } from 'node:async_hooks';
import { getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import { CallContexts, contextsOnlyDuringCalls } from './call-contexts.ts';
import { clientAddressStorage, withClientAddress } from './client-address.ts';

/** A promise and the function that settles it, to hold a call open while another one runs. */
function held<T = void>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

/** What `store` holds for work begun inside its `run()` and resumed only once `later` settles. */
function storeAfter<T>(store: AsyncLocalStorage<T>, value: T, later: Promise<unknown>): Promise<T | undefined> {
  return store.run(value, async () => {
    await later;
    return store.getStore();
  });
}

describe('CallContexts', () => {
  it('keeps the stores of a call still running when another call ends', async () => {
    const store = new AsyncLocalStorage<string>();
    const contexts = new CallContexts(Promise.resolve([store as AsyncLocalStorage<unknown>]));
    const gate = held();
    const long = contexts.run(() => storeAfter(store, 'long', gate.promise));
    await expect(contexts.run(() => storeAfter(store, 'short', Promise.resolve()))).resolves.toBe('short');
    gate.release();
    await expect(long).resolves.toBe('long');
  });

  it('disables the stores when the last call settles, and a later call enables them again', async () => {
    const store = new AsyncLocalStorage<string>();
    const contexts = new CallContexts(Promise.resolve([store as AsyncLocalStorage<unknown>]));
    const gate = held();
    // Work begun in the store outside any counted call, still waiting when the call below ends.
    const outside = storeAfter(store, 'outside', gate.promise);
    await expect(contexts.run(() => storeAfter(store, 'call', Promise.resolve()))).resolves.toBe('call');
    gate.release();
    await expect(outside).resolves.toBeUndefined();
    await expect(contexts.run(() => storeAfter(store, 'next', Promise.resolve()))).resolves.toBe('next');
  });

  it('disables the stores after a call that fails, and passes its error on', async () => {
    const store = new AsyncLocalStorage<string>();
    const contexts = new CallContexts(Promise.resolve([store as AsyncLocalStorage<unknown>]));
    const gate = held();
    const outside = storeAfter(store, 'outside', gate.promise);
    await expect(contexts.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    gate.release();
    await expect(outside).resolves.toBeUndefined();
  });
});

describe('contextsOnlyDuringCalls', () => {
  const getSession = Object.assign(async (input: { who: string }) => `session of ${input.who} at ${clientAddressStorage.getStore() ?? 'no address'}`, { path: '/get-session' });
  const fakeAuth = () => ({
    handler: async (request: Request) => new Response(`${request.method} answered`),
    api: { getSession, version: 3 },
    options: { appName: 'Second Gear' },
  });

  it('answers as better-auth does: the same endpoints with their properties, the same other fields', async () => {
    const auth = contextsOnlyDuringCalls(fakeAuth());
    expect(auth.api.getSession).toBe(auth.api.getSession);
    expect(auth.api.getSession.path).toBe('/get-session');
    expect(auth.api.version).toBe(3);
    expect(auth.options.appName).toBe('Second Gear');
    await expect(auth.api.getSession({ who: 'ann' })).resolves.toBe('session of ann at no address');
    await expect(withClientAddress('::ffff:192.0.2.7', () => auth.api.getSession({ who: 'bo' }))).resolves.toBe('session of bo at 192.0.2.7');
    await expect((await auth.handler(new Request('http://localhost/api/auth/ok', { method: 'POST' }))).text()).resolves.toBe('POST answered');
  });

  it('disables better-auth’s stores and the client address’s once its calls are over', async () => {
    const auth = contextsOnlyDuringCalls(fakeAuth());
    const requestState = (await getRequestStateAsyncLocalStorage()) as AsyncLocalStorage<unknown>;
    const gate = held();
    const outside = [storeAfter(requestState, new Map(), gate.promise), storeAfter(clientAddressStorage, '192.0.2.7', gate.promise)];
    await auth.handler(new Request('http://localhost/api/auth/ok'));
    gate.release();
    expect(await Promise.all(outside)).toEqual([undefined, undefined]);
  });
});
