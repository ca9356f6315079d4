import { Link, useLocation } from 'react-router';
import { comparePath, maxCompared } from './compare-list.ts';
import { keepCompared, useCompared } from './use-compared.ts';

/**
 * While a reader has chosen cars to compare, a bar fixed at the bottom of the screen opens them
 * (`Compare 2 cars`) or clears the choice; fixed, so it moves nothing when it comes and goes. Not on
 * `/compare` itself, which has its own `Remove` buttons.
 */
export function CompareTray() {
  const { ids } = useCompared();
  const { pathname } = useLocation();
  if (ids.length === 0 || pathname === '/compare') return null;
  return (
    <>
      {/* As tall as the bar, at the page's end: the footer's last line scrolls out from under it. */}
      <div aria-hidden="true" className="h-16" />
      <aside aria-label="Cars to compare" className="fixed inset-x-0 bottom-0 z-40 border-t border-base-300 bg-base-100/95 px-4 py-2 shadow-lg">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-2">
        <p className="mr-auto text-sm">
          {ids.length} of {maxCompared} cars chosen
        </p>
        <button type="button" className="btn btn-ghost h-11 min-h-11" onClick={() => keepCompared([])}>
          Clear
        </button>
        <Link to={comparePath(ids)} className="btn btn-primary h-11 min-h-11">
          Compare {ids.length === 1 ? '1 car' : `${ids.length} cars`}
        </Link>
      </div>
      </aside>
    </>
  );
}
