// What the search's results area shows when it has no cars to show, each with the way back to some.

/** A refused search (a hand-edited address: the server names the field): its message, and Clear all filters. */
export function RefusedSearch({ message, onClearAll }: { message: string; onClearAll: () => void }) {
  return (
    <div role="alert" className="rounded-box bg-base-200 p-6">
      <p className="mb-4 text-red-700">{message}</p>
      <button type="button" className="btn btn-outline btn-primary h-11" onClick={onClearAll}>
        Clear all filters
      </button>
    </div>
  );
}

export interface NoCarsProps {
  /** The name of the filter set last, when any is set. */
  lastFilter: string | undefined;
  onRemoveLast: () => void;
  onClearAll: () => void;
}

/** No car matches the filters (undo the last one, or all of them), or none is for sale at all. */
export function NoCars({ lastFilter, onRemoveLast, onClearAll }: NoCarsProps) {
  return (
    <div className="rounded-box bg-base-200 p-6">
      <p className="mb-4 text-base-content/80">{lastFilter ? 'No cars match these filters.' : 'No cars for sale yet.'}</p>
      {lastFilter ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary h-11" onClick={onRemoveLast}>
            Remove the last filter: {lastFilter}
          </button>
          <button type="button" className="btn btn-outline btn-primary h-11" onClick={onClearAll}>
            Clear all filters
          </button>
        </div>
      ) : null}
    </div>
  );
}
