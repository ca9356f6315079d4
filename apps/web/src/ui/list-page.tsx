import { useId, type ReactNode } from 'react';
import { DataList, EmptyState, type DataListProps } from './data-list.tsx';
import { PageSpinner } from './spinner.tsx';

/** What a list page needs of its query (TanStack Query's result fits): its rows once they came, its error if they did not. */
export interface ListQuery<Row> {
  data: Row[] | undefined;
  isError: boolean;
  error: unknown;
}

export interface ListPageProps<Row> extends Omit<DataListProps<Row>, 'labelledBy' | 'rows'> {
  /** The page's name: its heading and the browser tab's title. */
  title: string;
  /** The test id of the count beside the heading. */
  countTestId: string;
  query: ListQuery<Row>;
  /**
   * How the page waits for its rows: with `loadsInPlace` its heading shows at once, a placeholder for
   * the count and placeholder rows for the list; without, the page's spinner stands for the whole page.
   * Either way `loadingLabel` is what the wait announces.
   */
  loadsInPlace?: boolean;
  /** What the page says when it has no rows, and the next step to take when there is one. */
  emptyMessage: string;
  emptyAction?: ReactNode;
  /** What stands between the heading and the list: a line about the page, a form that adds a row. */
  intro?: ReactNode;
  /** After the list: the page's dialogs, a second list. */
  children?: ReactNode;
}

/**
 * The frame of every dashboard list page (My Products, My Orders, My Wishlist, My Alerts, Booking
 * Requests, Categories, Reported Items, All Sellers, All Buyers): the heading with its count, the
 * wait, the list as a table or phone cards (decision 012), and the empty state. A list that could not
 * load goes to the route's error screen.
 */
export function ListPage<Row>({
  title,
  countTestId,
  query,
  loadsInPlace = false,
  loadingLabel = '',
  emptyMessage,
  emptyAction,
  intro,
  children,
  ...list
}: ListPageProps<Row>) {
  const headingId = useId();
  if (query.isError && !query.data) throw query.error;
  const rows = query.data;
  if (!rows && !loadsInPlace) return <PageSpinner label={loadingLabel} />;

  return (
    <section aria-labelledby={headingId} aria-busy={rows ? undefined : true}>
      <title>{`${title} · Second Gear`}</title>
      <h1 id={headingId} className="mb-6 flex items-center gap-3 text-3xl font-bold">
        {title}
        <CountBadge count={rows?.length} loadsInPlace={loadsInPlace} testId={countTestId} />
      </h1>
      {intro}

      {rows?.length === 0 ? (
        <EmptyState message={emptyMessage} action={emptyAction} />
      ) : (
        <DataList labelledBy={headingId} rows={rows} loadingLabel={loadingLabel} {...list} />
      )}

      {children}
    </section>
  );
}

/**
 * The number of rows beside the heading. While they load in place a placeholder stands for it, and
 * the badge keeps at least the placeholder's width, so nothing jumps.
 */
function CountBadge({ count, loadsInPlace, testId }: { count: number | undefined; loadsInPlace: boolean; testId: string }) {
  if (count === undefined) return <span className="skeleton inline-block h-8 w-10 rounded-full" aria-hidden="true" />;
  return (
    <span className={loadsInPlace ? 'badge badge-primary badge-lg min-w-10' : 'badge badge-primary badge-lg'} data-testid={testId}>
      {count}
    </span>
  );
}
