import fs from 'node:fs';

/**
 * The largest resident memory of process `pid` while the returned sampler runs, read from
 * /proc every 100 ms: what the operating system gives the server (heap, buffers and code), the
 * figure a container's memory limit is checked against.
 */
export function sampleMemory(pid: number) {
  let peak = 0;
  const read = () => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kb * 1024);
  };
  read();
  const timer = setInterval(read, 100);
  return {
    /** The peak in bytes. */
    stop(): number {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}

/** The catalog's and the session cache's hits and misses, from the server's /metrics. */
export interface CacheCounts {
  catalog: { hit: number; miss: number };
  session: { hit: number; miss: number };
}

export async function cacheCounts(origin: string, token: string): Promise<CacheCounts> {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
  const text = await res.text();
  const value = (cache: string, result: string) =>
    Number(new RegExp(`^cache_requests_total\\{(?=[^}]*cache="${cache}")(?=[^}]*result="${result}")[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    catalog: { hit: value('catalog', 'hit'), miss: value('catalog', 'miss') },
    session: { hit: value('session', 'hit'), miss: value('session', 'miss') },
  };
}

/** Hit rates over the interval between two readings; NaN where the cache was not asked. */
export function hitRates(before: CacheCounts, after: CacheCounts) {
  const rate = (cache: keyof CacheCounts) => {
    const hits = after[cache].hit - before[cache].hit;
    const misses = after[cache].miss - before[cache].miss;
    return hits / (hits + misses);
  };
  return { catalog: rate('catalog'), session: rate('session') };
}
