import { describe, expect, it } from 'vitest';
import { type CarView, ViewCounter } from './view-counter.ts';

const view = (visitor: string, productId = 'car-1', day = '2026-03-15'): CarView => ({ productId, day, visitor });

/** A counter whose timer is a trigger the test pulls, writing into `batches`. */
function counter(options: { maxPending?: number; fail?: () => boolean } = {}) {
  const batches: CarView[][] = [];
  let tick = () => {};
  let stopped = false;
  const errors: unknown[] = [];
  const c = new ViewCounter({
    write: async (views) => {
      if (options.fail?.()) throw new Error('database away');
      batches.push(views);
    },
    maxPending: options.maxPending,
    every: (flush) => {
      tick = flush;
      return () => void (stopped = true);
    },
    onError: (err) => errors.push(err),
  });
  return { c, batches, tick: () => tick(), stopped: () => stopped, errors };
}

describe('ViewCounter', () => {
  it('holds views in memory and writes nothing until its timer or a flush', async () => {
    const { c, batches, tick } = counter();
    c.record(view('a'));
    c.record(view('b'));
    expect(batches).toEqual([]);
    expect(c.size).toBe(2);
    tick();
    await c.flush();
    expect(batches).toEqual([[view('a'), view('b')]]);
    expect(c.size).toBe(0);
  });

  it('counts the same visitor of a car on a day once, another car or day apart', async () => {
    const { c, batches } = counter();
    c.record(view('a'));
    c.record(view('a'));
    c.record(view('a', 'car-2'));
    c.record(view('a', 'car-1', '2026-03-16'));
    await c.flush();
    expect(batches[0]).toHaveLength(3);
  });

  it('writes a full batch without waiting for the timer', async () => {
    const { c, batches } = counter({ maxPending: 3 });
    c.record(view('a'));
    c.record(view('b'));
    expect(batches).toEqual([]);
    c.record(view('c'));
    await c.flush();
    expect(batches).toEqual([[view('a'), view('b'), view('c')]]);
  });

  it('keeps a batch that failed for the next one, and tells why', async () => {
    let down = true;
    const { c, batches, errors } = counter({ fail: () => down });
    c.record(view('a'));
    await c.flush();
    expect(batches).toEqual([]);
    expect(errors).toHaveLength(1);
    down = false;
    c.record(view('b'));
    await c.flush();
    expect(batches).toEqual([[view('a'), view('b')]]);
  });

  it('writes what is left and stops its timer on close', async () => {
    const { c, batches, stopped } = counter();
    c.record(view('a'));
    await c.close();
    expect(stopped()).toBe(true);
    expect(batches).toEqual([[view('a')]]);
  });

  it('never writes two batches at once', async () => {
    let inFlight = 0;
    let most = 0;
    const c = new ViewCounter({
      write: async () => {
        most = Math.max(most, ++inFlight);
        await Promise.resolve();
        inFlight--;
      },
      every: () => () => {},
    });
    c.record(view('a'));
    const first = c.flush();
    c.record(view('b'));
    await Promise.all([first, c.flush()]);
    expect(most).toBe(1);
  });
});
