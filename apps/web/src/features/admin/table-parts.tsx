/** The count next to a page heading; a placeholder of the same size while the list loads, so nothing jumps. */
export function CountBadge({ count, testId }: { count: number | undefined; testId: string }) {
  if (count === undefined) return <span className="skeleton inline-block h-8 w-10 rounded-full" aria-hidden="true" />;
  return (
    <span className="badge badge-primary badge-lg min-w-10" data-testid={testId}>
      {count}
    </span>
  );
}

/** Placeholder rows with the height of real ones while a table loads; announced once as loading. */
export function SkeletonRows({
  columns,
  label,
  rows = 4,
  leading = 'avatar',
}: {
  columns: number;
  label: string;
  rows?: number;
  /** The first cell's shape: a person's round photo or a car's picture. */
  leading?: 'avatar' | 'picture';
}) {
  const leadingShape = leading === 'avatar' ? 'h-10 w-10 rounded-full' : 'h-12 w-16 rounded';
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden={row > 0 || undefined}>
          {Array.from({ length: columns }, (_, column) => (
            <td key={column} className={column === 0 ? (leading === 'avatar' ? 'w-14' : 'w-20') : undefined}>
              {row === 0 && column === 0 ? <span className="sr-only" role="status">{label}</span> : null}
              <div className={`skeleton ${column === 0 ? leadingShape : 'h-4 w-full min-w-16'}`} aria-hidden="true" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
