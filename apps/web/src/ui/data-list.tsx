import type { ReactNode } from 'react';

// The parts every dashboard list is made of (the pages' frame, ui/list-page.tsx, puts them together),
// so the lists look and read the same on a phone and a desktop.

/** What a page with no rows shows instead of its list, with the next step to take when there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  if (!action) return <p className="rounded-box bg-base-200 p-6 text-base-content/80">{message}</p>;
  return (
    <div className="rounded-box bg-base-200 p-6">
      <p className="mb-4 text-base-content/80">{message}</p>
      {action}
    </div>
  );
}

/**
 * What a column is on both layouts. On a wide screen each is a table column; on a phone a row is a
 * card: its `picture` and `name` side by side first, then each `field` as "label value" on a line of
 * its own, then its `actions` as full-width buttons.
 */
export type ColumnKind = 'picture' | 'name' | 'field' | 'actions';

export interface Column<Row> {
  label: string;
  /** `field` when not given. The `name` column is the row's header cell. */
  kind?: ColumnKind;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells on a wide screen (widths, alignment). */
  className?: string;
}

export interface DataListProps<Row> {
  /** Named in the product's words: its heading's text, for the table's accessible name. */
  labelledBy?: string;
  columns: Column<Row>[];
  /** The rows; `undefined` while they load, when placeholder rows hold their place. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** What the placeholder rows announce. */
  loadingLabel?: string;
  /** The first cell's shape in the placeholder rows: a person's round photo or a car's picture. */
  leading?: 'avatar' | 'picture';
  /** Long cells (notes, reasons) that read better from the top of the row on a wide screen. */
  alignTop?: boolean;
}

// One DOM for both layouts, switched by CSS at the `md` breakpoint, so nothing flashes or jumps on load
// or when a phone turns. Below it the table's parts are blocks and grids, which makes browsers drop
// their table semantics: the explicit roles keep rows, header cells and cells for screen readers.
const cellLayout: Record<ColumnKind, string> = {
  picture: 'max-md:col-start-1 max-md:row-start-1 max-md:self-center',
  name: 'max-md:col-start-2 max-md:row-start-1 max-md:self-center max-md:text-base',
  // The label of a field on a phone card is its column's name, from `data-label`.
  field:
    'max-md:col-span-2 max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:text-end max-md:before:shrink-0 max-md:before:text-start max-md:before:text-sm max-md:before:text-base-content/70 max-md:before:content-[attr(data-label)]',
  actions:
    'max-md:col-span-2 max-md:pt-2 max-md:[&_.btn]:h-11 max-md:[&_.btn]:min-h-11 max-md:[&_.btn]:w-full',
};

const hiddenHeading: Record<ColumnKind, boolean> = { picture: true, name: false, field: false, actions: true };

/**
 * The dashboards' list of records: a table on a wide screen, a stack of labelled cards on a phone,
 * so a row's name and every one of its actions are on screen without scrolling sideways.
 */
export function DataList<Row>({ labelledBy, columns, rows, rowKey, loadingLabel = '', leading = 'avatar', alignTop = false }: DataListProps<Row>) {
  return (
    <div className="md:overflow-x-auto md:rounded-box md:border md:border-base-200 md:bg-base-100">
      <table
        role="table"
        aria-labelledby={labelledBy}
        className={`table max-md:block ${alignTop ? 'md:[&_tbody_td]:align-top md:[&_tbody_th]:align-top' : ''}`}
      >
        <thead className="max-md:hidden">
          <tr role="row">
            {columns.map(({ label, kind = 'field', className }) => (
              <th key={label} role="columnheader" scope="col" className={className}>
                {hiddenHeading[kind] ? <span className="sr-only">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:flex max-md:flex-col max-md:gap-3">
          {rows
            ? rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  role="row"
                  className="max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)] max-md:items-start max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-box max-md:border max-md:border-base-200 max-md:bg-base-100 max-md:p-4 max-md:shadow-sm max-md:[&>*]:border-0 max-md:[&>*]:p-0"
                >
                  {columns.map(({ label, kind = 'field', cell, className }) =>
                    kind === 'name' ? (
                      <th key={label} role="rowheader" scope="row" className={`font-semibold break-words md:min-w-36 ${cellLayout.name} ${className ?? ''}`}>
                        {cell(row)}
                      </th>
                    ) : (
                      <td key={label} role="cell" data-label={kind === 'field' ? label : undefined} className={`${cellLayout[kind]} ${className ?? ''}`}>
                        {cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            : <SkeletonRows columns={columns.length} label={loadingLabel} leading={leading} />}
        </tbody>
      </table>
    </div>
  );
}

/** Placeholder rows with the height of real ones while a list loads; announced once as loading. */
function SkeletonRows({ columns, label, leading }: { columns: number; label: string; leading: 'avatar' | 'picture' }) {
  const leadingShape = leading === 'avatar' ? 'h-10 w-10 rounded-full' : 'h-12 w-16 rounded';
  return Array.from({ length: 4 }, (_, row) => (
    <tr key={row} aria-hidden={row > 0 || undefined} className="max-md:flex max-md:flex-col max-md:gap-2 max-md:rounded-box max-md:border max-md:border-base-200 max-md:p-4">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column} className={`max-md:block max-md:p-0 ${column === 0 ? (leading === 'avatar' ? 'w-14' : 'w-20') : ''}`}>
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

/** The picture and the name that lead a row of cars (My Products, My Orders, My Wishlist, Reported Items, Categories). */
export function pictureAndName<Row>(label: string, picture: (row: Row) => string, name: (row: Row) => ReactNode): Column<Row>[] {
  return [
    { label: 'Picture', kind: 'picture', className: 'w-20', cell: (row) => <RowImage src={picture(row)} /> },
    { label, kind: 'name', cell: name },
  ];
}

/**
 * A row's buttons: side by side at the end of a table row (or one above the other with `stacked`, for a
 * wide table), stacked full width on a phone card.
 */
export function RowActions({ children, stacked = false }: { children: ReactNode; stacked?: boolean }) {
  return <div className={`flex gap-2 max-md:flex-col ${stacked ? 'flex-col items-stretch' : 'justify-end md:flex-nowrap'}`}>{children}</div>;
}

/** The small picture of a row (fixed size, so the list does not move when it loads). */
export function RowImage({ src }: { src: string }) {
  return (
    <div className="h-12 w-16 overflow-hidden rounded bg-base-200">
      <img src={src} alt="" width={64} height={48} loading="lazy" decoding="async" className="h-full w-full object-cover" />
    </div>
  );
}
