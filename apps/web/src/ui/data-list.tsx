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

// One DOM for both layouts, switched by CSS, so nothing flashes or jumps on load or when a phone turns.
// The switch is the list's own width (a container query at 56rem), not the screen's: beside the
// dashboard's menu on a 1024 px laptop a list has 672 px, where a table of Booking Requests' columns
// would scroll its actions out of sight. Below it the table's parts are blocks and grids, which makes
// browsers drop their table semantics: the explicit roles keep rows, header cells and cells for screen
// readers. Cells' own classes (a column's `className`, what a cell holds) use the same `@4xl` switch.
const cellLayout: Record<ColumnKind, string> = {
  picture: '@max-4xl:col-start-1 @max-4xl:row-start-1 @max-4xl:self-center',
  name: '@max-4xl:col-start-2 @max-4xl:row-start-1 @max-4xl:self-center @max-4xl:text-base',
  // The label of a field on a phone card is its column's name, from `data-label`.
  field:
    '@max-4xl:col-span-2 @max-4xl:flex @max-4xl:items-baseline @max-4xl:justify-between @max-4xl:gap-4 @max-4xl:text-end @max-4xl:before:shrink-0 @max-4xl:before:text-start @max-4xl:before:text-sm @max-4xl:before:text-base-content/70 @max-4xl:before:content-[attr(data-label)]',
  actions:
    '@max-4xl:col-span-2 @max-4xl:pt-2 @max-4xl:[&_.btn]:h-11 @max-4xl:[&_.btn]:min-h-11 @max-4xl:[&_.btn]:w-full',
};

const hiddenHeading: Record<ColumnKind, boolean> = { picture: true, name: false, field: false, actions: true };

/**
 * The dashboards' list of records: a table where it has room, a stack of labelled cards where it has
 * not (a phone, a tablet, a small laptop), so a row's name and every one of its actions are on screen
 * without scrolling sideways.
 */
export function DataList<Row>({ labelledBy, columns, rows, rowKey, loadingLabel = '', leading = 'avatar', alignTop = false }: DataListProps<Row>) {
  return (
    <div className="@container">
      <div className="@4xl:overflow-x-auto @4xl:rounded-box @4xl:border @4xl:border-base-200 @4xl:bg-base-100">
        <table
          role="table"
          aria-labelledby={labelledBy}
          className={`table @max-4xl:block ${alignTop ? '@4xl:[&_tbody_td]:align-top @4xl:[&_tbody_th]:align-top' : ''}`}
        >
          {/* Headings may take two lines ("Meeting / Location"): kept on one, as the table's style has them,
              they alone make a table of seven columns wider than a 1280 px screen's dashboard. */}
          <thead className="whitespace-normal @max-4xl:hidden">
            <tr role="row">
              {columns.map(({ label, kind = 'field', className }) => (
                <th key={label} role="columnheader" scope="col" className={className}>
                  {hiddenHeading[kind] ? <span className="sr-only">{label}</span> : label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="@max-4xl:flex @max-4xl:flex-col @max-4xl:gap-3">
            {rows
              ? rows.map((row) => (
                  <tr
                    key={rowKey(row)}
                    role="row"
                    className="@max-4xl:grid @max-4xl:grid-cols-[auto_minmax(0,1fr)] @max-4xl:items-start @max-4xl:gap-x-3 @max-4xl:gap-y-2 @max-4xl:rounded-box @max-4xl:border @max-4xl:border-base-200 @max-4xl:bg-base-100 @max-4xl:p-4 @max-4xl:shadow-sm @max-4xl:[&>*]:border-0 @max-4xl:[&>*]:p-0"
                  >
                    {columns.map(({ label, kind = 'field', cell, className }) =>
                      kind === 'name' ? (
                        <th key={label} role="rowheader" scope="row" className={`font-semibold break-words @4xl:min-w-36 ${cellLayout.name} ${className ?? ''}`}>
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
    </div>
  );
}

/** Placeholder rows with the height of real ones while a list loads; announced once as loading. */
function SkeletonRows({ columns, label, leading }: { columns: number; label: string; leading: 'avatar' | 'picture' }) {
  const leadingShape = leading === 'avatar' ? 'h-10 w-10 rounded-full' : 'h-12 w-16 rounded';
  return Array.from({ length: 4 }, (_, row) => (
    <tr key={row} aria-hidden={row > 0 || undefined} className="@max-4xl:flex @max-4xl:flex-col @max-4xl:gap-2 @max-4xl:rounded-box @max-4xl:border @max-4xl:border-base-200 @max-4xl:p-4">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column} className={`@max-4xl:block @max-4xl:p-0 ${column === 0 ? (leading === 'avatar' ? 'w-14' : 'w-20') : ''}`}>
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
  return <div className={`flex gap-2 @max-4xl:flex-col ${stacked ? 'flex-col items-stretch' : 'justify-end @4xl:flex-nowrap'}`}>{children}</div>;
}

/** The small picture of a row (fixed size, so the list does not move when it loads). */
export function RowImage({ src }: { src: string }) {
  return (
    <div className="h-12 w-16 overflow-hidden rounded bg-base-200">
      <img src={src} alt="" width={64} height={48} loading="lazy" decoding="async" className="h-full w-full object-cover" />
    </div>
  );
}
