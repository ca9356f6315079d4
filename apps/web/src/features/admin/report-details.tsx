// What a reported car's row shows beyond its counts: the buyers' notes and the listing checks' findings.

/** Notes shown before the rest fold into a disclosure. */
const notesShown = 2;

export function Notes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return <span className="text-base-content/70">No notes</span>;
  const first = notes.slice(0, notesShown);
  const rest = notes.slice(notesShown);
  return (
    <div className="max-w-60 text-sm">
      <ul className="list-disc space-y-1 ps-4">
        {first.map((note, index) => (
          <li key={index} className="break-words whitespace-pre-line">
            {note}
          </li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-primary">
            {rest.length} more {rest.length === 1 ? 'note' : 'notes'}
          </summary>
          <ul className="mt-1 list-disc space-y-1 ps-4">
            {rest.map((note, index) => (
              <li key={index} className="break-words whitespace-pre-line">
                {note}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** What the listing checks found on a car, which puts it first in the queue even with no report. */
export function ListingCheckFlags({ flags }: { flags: string[] }) {
  return (
    <div className="mt-2 max-w-72 text-sm">
      <p className="font-medium">Listing checks</p>
      <ul className="list-disc space-y-1 ps-4 text-start" aria-label="Listing checks">
        {flags.map((flag) => (
          <li key={flag} className="break-words">
            {flag}
          </li>
        ))}
      </ul>
    </div>
  );
}
