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

/**
 * CPU time (user and system) process `pid` has used, in ms: /proc/<pid>/stat's utime and stime, in
 * Linux's clock ticks of 10 ms. With `children`, also what its exited children used, once reaped
 * (cutime and cstime).
 */
function cpuMs(pid: number, children = false): number {
  return cpuOf(statFields(pid), children);
}

/** /proc/<pid>/stat's fields after the command's closing parenthesis: the state first, then the parent's pid. */
function statFields(pid: number | string): string[] {
  return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** utime is the 12th of those fields, stime the 13th, cutime and cstime the 14th and 15th; all in ticks of 10 ms. */
function cpuOf(fields: string[], children: boolean): number {
  return (Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0)) * 10;
}

/**
 * The CPU a PostgreSQL cluster has used, in ms: its postmaster with its reaped children, and every
 * child still running (backends, checkpointer, walwriter). A backend that ends moves its time from
 * the second sum into the first, so the total only grows.
 */
function clusterCpuMs(postmaster: number): number {
  let total = cpuMs(postmaster, true);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === postmaster) total += cpuOf(fields, false);
    } catch {
      // The process ended between the listing and the read: its time is in the postmaster's reaped children now.
    }
  }
  return total;
}

/**
 * What a server and the PostgreSQL cluster spend per answer while it is measured: on a machine
 * shared with other work the requests a second move with the share of the CPU a process gets,
 * the CPU each answer costs far less.
 */
export function cpuPerAnswer(serverPid: number, postmaster: number) {
  const server = cpuMs(serverPid);
  const postgres = clusterCpuMs(postmaster);
  return {
    /** ms of CPU per answer over `answers` since the start. */
    stop(answers: number): { server: number; postgres: number } {
      return { server: (cpuMs(serverPid) - server) / answers, postgres: (clusterCpuMs(postmaster) - postgres) / answers };
    },
  };
}
