/** A spinner; with an empty label it is decorative (inside a button whose text says what happens). */
export function Spinner({ label = 'Loading', size = 'loading-lg' }: { label?: string; size?: string }) {
  const className = `loading loading-spinner ${size}`;
  if (!label) return <span className={className} aria-hidden="true" />;
  return <span className={`${className} text-primary`} role="status" aria-label={label} />;
}

/**
 * A spinner centred in the space a page would take, so the layout does not jump: a whole screen
 * high, so the footer stays below the fold until the page's content replaces it (no layout shift).
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
