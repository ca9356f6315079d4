import { Link } from 'react-router';
import { FacebookIcon, TwitterIcon, YouTubeIcon } from '../ui/icons.tsx';
import { Logo } from '../ui/logo.tsx';

// Links whose page does not exist yet lead to the home page (the specification shows no destination).
const columns: { title: string; links: { label: string; to?: string }[] }[] = [
  { title: 'Services', links: [{ label: 'Branding' }, { label: 'Advertisement' }, { label: 'Marketing' }] },
  { title: 'Company', links: [{ label: 'About us' }, { label: 'Contact' }, { label: 'Jobs' }] },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Use', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Cookie Policy' },
    ],
  },
];

// These pages do not exist yet: the links lead nowhere on purpose.
const socials = [
  { label: 'Twitter', Icon: TwitterIcon },
  { label: 'YouTube', Icon: YouTubeIcon },
  { label: 'Facebook', Icon: FacebookIcon },
] as const;

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl gap-y-8 p-10 sm:footer-horizontal">
        <aside className="max-w-xs">
          <Logo className="h-14 w-14" title="Second Gear logo" />
          <p className="text-lg font-bold">Second Gear</p>
          <p className="text-neutral-content/80">Trusted used cars from verified sellers, fairly priced since 2022.</p>
        </aside>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className="gap-0">
            <h2 className="footer-title">{column.title}</h2>
            {column.links.map((link) => (
              <Link key={link.label} to={link.to ?? '/'} className="link link-hover inline-flex min-h-11 min-w-11 items-center">
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/15">
        <div className="footer mx-auto max-w-7xl items-center px-10 py-4 sm:footer-horizontal">
          <div className="text-sm text-neutral-content/80">
            <p>© {new Date().getFullYear()} Second Gear. All rights reserved.</p>
            {/* GeoNames' licence (CC BY 4.0) asks for this credit wherever its places are used: decision 040. */}
            <p>
              ZIP code places:{' '}
              <a href="https://www.geonames.org/" className="link inline-flex min-h-11 items-center">
                GeoNames
              </a>
              ,{' '}
              <a href="https://creativecommons.org/licenses/by/4.0/" className="link inline-flex min-h-11 items-center">
                CC BY 4.0
              </a>
            </p>
          </div>
          <nav className="grid-flow-col gap-2 sm:place-self-center sm:justify-self-end" aria-label="Social media">
            {socials.map(({ label, Icon }) => (
              <a key={label} href="#" aria-label={label} className="btn btn-circle btn-ghost size-11 text-neutral-content hover:bg-neutral-content/10">
                <Icon className="h-6 w-6" />
              </a>
            ))}
          </nav>
        </div>
      </div>
    </footer>
  );
}
