/** The Second Gear mark (also served as /logo.svg for the favicon). */
export function Logo({ className = 'h-9 w-9', title }: { className?: string; title?: string }) {
  return (
    <img src="/logo.svg" alt={title ?? ''} width={36} height={36} className={className} decoding="async" />
  );
}
