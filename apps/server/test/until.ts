/**
 * Waits for something another connection or process makes true (a database notice applied, a
 * cache switched off), checking every 20 ms; fails naming `what` if it is still false after
 * `withinMs`. The bound only decides when to give up: no test asserts on how long it took.
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, withinMs = 10_000) {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    if (await condition()) return;
  }
  throw new Error(`gave up waiting until ${what}`);
}
