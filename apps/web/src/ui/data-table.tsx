import type { ReactNode } from 'react';

// The parts every dashboard table page is made of (My Products, My Orders, My Wishlist, All Sellers,
// All Buyers, Reported Items), so they look and read the same.

export type CountProps =
  /** The page shows only once its list arrived. */
  | { count: number; loadsInPlace?: false }
  /**
   * The page shows while its list loads: a placeholder stands for the count (`undefined`),
   * and the badge keeps at least the placeholder's width, so nothing jumps.
   */
  | { count: number | undefined; loadsInPlace: true };

/** The page's heading with the number of rows beside it. */
export function HeadingWithCount({ title, testId, id, ...count }: { title: string; testId: string; id?: string } & CountProps) {
  return (
    <h1 id={id} className="mb-6 flex items-center gap-3 text-3xl font-bold">
      {title}
      <CountBadge testId={testId} {...count} />
    </h1>
  );
}

function CountBadge({ count, loadsInPlace, testId }: { testId: string } & CountProps) {
  if (count === undefined) return <span className="skeleton inline-block h-8 w-10 rounded-full" aria-hidden="true" />;
  return (
    <span className={loadsInPlace ? 'badge badge-primary badge-lg min-w-10' : 'badge badge-primary badge-lg'} data-testid={testId}>
      {count}
    </span>
  );
}

/** What a page with no rows shows instead of its table, with the next step to take when there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  if (!action) return <p className="rounded-box bg-base-200 p-6 text-base-content/80">{message}</p>;
  return (
    <div className="rounded-box bg-base-200 p-6">
      <p className="mb-4 text-base-content/80">{message}</p>
      {action}
    </div>
  );
}

export interface Column {
  label: string;
  /** Named for screen readers only (a picture or the row's buttons need no heading on screen). */
  hidden?: boolean;
  className?: string;
}

export interface DataTableProps {
  columns: Column[];
  /** The rows; `undefined` while they load, when placeholder rows hold their place. */
  rows: ReactNode | undefined;
  /** What the placeholder rows announce. */
  loadingLabel?: string;
  /** The first cell's shape in the placeholder rows: a person's round photo or a car's picture. */
  leading?: 'avatar' | 'picture';
  className?: string;
}

/** A table that scrolls sideways inside its frame on a narrow screen, instead of widening the page. */
export function DataTable({ columns, rows, loadingLabel = '', leading = 'avatar', className = 'table' }: DataTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-200 bg-base-100">
      <table className={className}>
        <thead>
          <tr>
            {columns.map(({ label, hidden, className: columnClass }) => (
              <th key={label} scope="col" className={columnClass}>
                {hidden ? <span className="sr-only">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows ?? <SkeletonRows columns={columns.length} label={loadingLabel} leading={leading} />}</tbody>
      </table>
    </div>
  );
}

/** Placeholder rows with the height of real ones while a table loads; announced once as loading. */
function SkeletonRows({ columns, label, leading }: { columns: number; label: string; leading: 'avatar' | 'picture' }) {
  const leadingShape = leading === 'avatar' ? 'h-10 w-10 rounded-full' : 'h-12 w-16 rounded';
  return Array.from({ length: 4 }, (_, row) => (
    <tr key={row} aria-hidden={row > 0 || undefined}>
      {Array.from({ length: columns }, (_, column) => (
        <td key={column} className={column === 0 ? (leading === 'avatar' ? 'w-14' : 'w-20') : undefined}>
          {row === 0 && column === 0 ? (
            <span className="sr-only" role="status">
              {label}
            </span>
          ) : null}
          <div className={`skeleton ${column === 0 ? leadingShape : 'h-4 w-full min-w-16'}`} aria-hidden="true" />
        </td>
      ))}
    </tr>
  ));
}

/** The small picture of a table row (fixed size, so the table does not move when it loads). */
export function RowImage({ src }: { src: string }) {
  return (
    <div className="h-12 w-16 overflow-hidden rounded bg-base-200">
      <img src={src} alt="" width={64} height={48} loading="lazy" decoding="async" className="h-full w-full object-cover" />
    </div>
  );
}
