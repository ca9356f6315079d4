import { Link } from 'react-router';
import { FacebookIcon, TwitterIcon, YouTubeIcon } from '../ui/icons.tsx';
import { Logo } from '../ui/logo.tsx';

const columns = [
  { title: 'Services', links: ['Branding', 'Advertisement', 'Marketing'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs'] },
  { title: 'Legal', links: ['Terms of Use', 'Privacy Policy', 'Cookie Policy'] },
] as const;

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
            {column.links.map((label) => (
              <Link key={label} to="/" className="link link-hover inline-flex min-h-11 min-w-11 items-center">
                {label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/15">
        <div className="footer mx-auto max-w-7xl items-center px-10 py-4 sm:footer-horizontal">
          <p className="text-sm text-neutral-content/80">© {new Date().getFullYear()} Second Gear. All rights reserved.</p>
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
