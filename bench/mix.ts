import type { Request } from 'autocannon';

/** A signed-in buyer of the mix: their session cookie and their e-mail (the wishlist's calls name it). */
export interface BenchBuyer {
  cookie: string;
  email: string;
}

/** What the realistic mix draws from. */
export interface MixPool {
  buyers: BenchBuyer[];
  /** Every page of every category, as `/api/category/{id}?cursor=…` paths (walkCategoryPages). */
  categoryPages: string[];
  /** Searches as buyers type them, with filters, and filters alone (bench/searches.ts). */
  searches: string[];
  /** Cars on the market, for wishlist adds and bookings. */
  productIds: string[];
}

/** The shares of the realistic mix; the rest of the requests are category pages and searches, half each. */
export const MIX_SHARES = { homeGrid: 0.1, writes: 0.05 } as const;

type Kind = 'home grid' | 'category page' | 'search' | 'wishlist add' | 'booking';

/**
 * How the mix's requests were answered, by kind: writes may be refused (a car already booked), never
 * fail. `ms`: each 2xx answer's time from its request's send, so that a kind's own p99 (the
 * bookings', among reads that outnumber them 40 to 1) can be told apart from the mix's.
 */
export type MixTally = Record<Kind, { ok: number; other: number; ms: number[] }>;

interface Connection {
  buyer?: BenchBuyer;
  kind?: Kind;
  /** When the request being answered was built, which autocannon does as it sends it. */
  sentAt?: number;
}

/**
 * The realistic scenario's one request, redrawn each time it is sent: each of the load's
 * connections is one buyer (its own session), who reads a random page of a random category or runs
 * a random search, now and then looks at the public home grid (anonymously, as a visitor), and
 * sometimes writes: adds a car to their wishlist or books a meeting for one, which reach the
 * database and the job queue as real writes do.
 */
export function mixRequests(origin: string, pool: MixPool): { requests: Request[]; tally: MixTally } {
  const tally = Object.fromEntries((['home grid', 'category page', 'search', 'wishlist add', 'booking'] as const).map((k) => [k, { ok: 0, other: 0, ms: [] as number[] }])) as MixTally;
  let nextBuyer = 0;
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
  const request: Request = {
    method: 'GET',
    path: '/api/advertisement/products',
    setupRequest: (req, connection) => {
      const context = connection as Connection;
      const buyer = (context.buyer ??= pool.buyers[nextBuyer++ % pool.buyers.length]!);
      const signedIn = { cookie: buyer.cookie };
      context.sentAt = performance.now();
      const draw = Math.random();
      const readShare = (1 - MIX_SHARES.homeGrid - MIX_SHARES.writes) / 2;
      if (draw < MIX_SHARES.homeGrid) {
        context.kind = 'home grid';
        return { ...req, method: 'GET', path: '/api/advertisement/products', headers: {}, body: undefined };
      }
      if (draw < MIX_SHARES.homeGrid + MIX_SHARES.writes / 2) {
        context.kind = 'wishlist add';
        const query = new URLSearchParams({ id: pick(pool.productIds), email: buyer.email });
        return { ...req, method: 'PUT', path: `/api/wishlists?${query}`, headers: { ...signedIn, origin }, body: undefined };
      }
      if (draw < MIX_SHARES.homeGrid + MIX_SHARES.writes) {
        context.kind = 'booking';
        const body = JSON.stringify({ productId: pick(pool.productIds), phone: '555-0199', location: 'Main Street' });
        return { ...req, method: 'POST', path: '/api/bookings', headers: { ...signedIn, origin, 'content-type': 'application/json' }, body };
      }
      context.kind = draw < MIX_SHARES.homeGrid + MIX_SHARES.writes + readShare ? 'category page' : 'search';
      const path = context.kind === 'category page' ? pick(pool.categoryPages) : pick(pool.searches);
      return { ...req, method: 'GET', path, headers: signedIn, body: undefined };
    },
    onResponse: (status, _body, connection) => {
      const { kind, sentAt } = connection as Connection;
      const counts = tally[kind!];
      if (status >= 200 && status < 300) {
        counts.ok++;
        if (sentAt !== undefined) counts.ms.push(performance.now() - sentAt);
      } else counts.other++;
    },
  };
  return { requests: [request], tally };
}

/** Every page of each category, followed through its cursors as a browser would, as request paths. */
export async function walkCategoryPages(origin: string, cookie: string, categoryIds: string[]): Promise<string[]> {
  const perCategory = await Promise.all(
    categoryIds.map(async (id) => {
      const paths: string[] = [];
      let path: string | null = `/api/category/${id}`;
      while (path) {
        paths.push(path);
        const res = await fetch(`${origin}${path}`, { headers: { cookie } });
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
        const { nextCursor } = (await res.json()) as { nextCursor: string | null };
        path = nextCursor ? `/api/category/${id}?${new URLSearchParams({ cursor: nextCursor })}` : null;
      }
      return paths;
    }),
  );
  return perCategory.flat();
}
