import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { useAuth, useRole } from '../auth/index.ts';
import { dashboardSummaryQuery } from './api.ts';

interface Tile {
  label: string;
  /** The page the tile opens, named as the dashboard menu names it. */
  page: string;
  to: string;
  count: (summary: DashboardSummary) => number | undefined;
}

const sellerTiles: Tile[] = [
  { label: 'Active listings', page: 'My Products', to: '/dashboard/myproducts', count: (s) => s.seller?.activeListings },
  { label: 'Bookings', page: 'Booking Requests', to: '/dashboard/bookings', count: (s) => s.seller?.bookings },
  { label: 'Paid', page: 'My Products', to: '/dashboard/myproducts', count: (s) => s.seller?.paid },
];
const buyerTiles: Tile[] = [
  { label: 'Bookings', page: 'My Orders', to: '/dashboard/myorders', count: (s) => s.buyer?.bookings },
  { label: 'Wishlist', page: 'My Wishlist', to: '/dashboard/mywishlist', count: (s) => s.buyer?.wishlist },
];
const adminTiles: Tile[] = [
  { label: 'Sellers to verify', page: 'All Sellers', to: '/dashboard/allseller', count: (s) => s.admin?.sellersToVerify },
  { label: 'Open reports', page: 'Reported Items', to: '/dashboard/reporteditems', count: (s) => s.admin?.openReports },
];

/** Every role has at least this many tiles: what stands in while the role is still being looked up. */
const FEWEST_TILES = 2;

/** The signed-in person's numbers, one tile per number, each a link to the page that lists those rows. */
export function NumberTiles() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const { isAdmin, isSeller, isBuyer, isLoading: roleLoading } = useRole();
  const summary = useQuery({ ...dashboardSummaryQuery(email), enabled: email !== '' });
  const tiles = [...(isAdmin ? adminTiles : []), ...(isSeller ? sellerTiles : []), ...(isBuyer ? buyerTiles : [])];
  const loading = summary.isPending;
  const failed = summary.isError && !summary.data;
  // A number the answer lacks (the role changed since it was looked up) shows as not loaded, like a failure.
  const numberOf = (tile: Tile): TileNumber => (summary.data ? (tile.count(summary.data) ?? 'not loaded') : failed ? 'not loaded' : 'loading');

  if (!roleLoading && tiles.length === 0) return null;

  return (
    <section aria-labelledby="numbers-heading" className="mt-8">
      <h2 id="numbers-heading" className="mb-4 text-xl font-semibold">
        At a glance
      </h2>
      {loading ? (
        <p role="status" className="sr-only">
          Loading your numbers
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" aria-busy={loading}>
        {roleLoading
          ? Array.from({ length: FEWEST_TILES }, (_, index) => <TileSkeleton key={index} />)
          : tiles.map((tile) => (
              <li key={tile.label + tile.page}>
                <NumberTile tile={tile} number={numberOf(tile)} />
              </li>
            ))}
      </ul>
      {failed ? (
        <div role="alert" className="alert alert-error alert-soft mt-4 flex flex-wrap">
          <span>Could not load your numbers: {errorMessage(summary.error)}</span>
          <button type="button" className="btn min-h-11" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
            Try again
          </button>
        </div>
      ) : null}
    </section>
  );
}

const tileFrame = 'flex min-h-28 flex-col justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-4';

type TileNumber = number | 'loading' | 'not loaded';

function NumberTile({ tile, number }: { tile: Tile; number: TileNumber }) {
  return (
    <Link
      to={tile.to}
      className={`${tileFrame} shadow-sm transition-colors hover:border-primary hover:bg-base-200/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
    >
      <span className="flex flex-col">
        {typeof number === 'number' ? (
          <span className="text-3xl leading-9 font-bold tabular-nums">{number}</span>
        ) : number === 'not loaded' ? (
          // A dash, read out as what it means.
          <span className="text-3xl leading-9 font-bold text-base-content/60">
            <span aria-hidden="true">–</span>
            <span className="sr-only">Not loaded:</span>
          </span>
        ) : (
          <span className="skeleton h-9 w-12" aria-hidden="true" />
        )}{' '}
        <span className="font-medium">{tile.label}</span>
      </span>{' '}
      <span className="text-sm text-base-content/70">
        {tile.page} <span aria-hidden="true">→</span>
      </span>
    </Link>
  );
}

/** A tile's place while the role is looked up: the same frame, so nothing moves when the tiles come. */
function TileSkeleton() {
  return (
    <li className={tileFrame} aria-hidden="true">
      <span className="flex flex-col gap-1">
        <span className="skeleton h-9 w-12" />
        <span className="skeleton h-5 w-24" />
      </span>
      <span className="skeleton h-4 w-20" />
    </li>
  );
}
