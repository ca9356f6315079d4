import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** The frame of the Terms of Use and the Privacy Policy: a title, when it was last changed, plain sections. */
interface LegalPageProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** The other legal page, linked at the end. */
  seeAlso: { to: string; label: string };
}

export function LegalPage({ title, updated, intro, sections, seeAlso }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <title>{`${title} · Second Gear`}</title>
      <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-base-content/70">Last updated {updated}</p>
      <div className="mt-6 text-base-content/90">{intro}</div>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-bold">{section.heading}</h2>
          <div className="mt-2 flex flex-col gap-3 leading-relaxed text-base-content/90">{section.body}</div>
        </section>
      ))}
      <p className="mt-10 text-sm">
        See also the{' '}
        <Link to={seeAlso.to} className="link link-primary">
          {seeAlso.label}
        </Link>
        .
      </p>
    </article>
  );
}
