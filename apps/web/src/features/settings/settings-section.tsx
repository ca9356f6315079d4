import { useId, type ReactNode } from 'react';

/** One section of the Settings page: a card named by its heading, so that it is a landmark of that name. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card border border-base-200 bg-base-100">
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
