import type { Ref } from 'react';
import { Spinner } from '../../ui/spinner.tsx';

interface MoreCarsProps {
  /** The next page is on its way. */
  loading: boolean;
  /** Why the next page could not be loaded, when it could not. */
  error: Error | null;
  /** Whether the button is offered now. */
  canLoadMore: boolean;
  onLoadMore: () => void;
  label: string;
  /** The category page loads the next page when this area scrolls into view. */
  ref?: Ref<HTMLDivElement>;
}

/** Below a list of cars (a category's, the search's): the spinner while the next page comes, its error, and the button. */
export function MoreCars({ loading, error, canLoadMore, onLoadMore, label, ref }: MoreCarsProps) {
  return (
    <div ref={ref} className="mt-10 flex min-h-12 flex-col items-center justify-center gap-3">
      {loading ? <Spinner label="Loading more cars" size="loading-md" /> : null}
      {error ? (
        <p role="alert" className="text-red-700">
          {error.message}
        </p>
      ) : null}
      {canLoadMore ? (
        <button type="button" className="btn btn-outline btn-primary h-11 min-h-11" onClick={onLoadMore}>
          {label}
        </button>
      ) : null}
    </div>
  );
}
