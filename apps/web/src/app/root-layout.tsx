import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-content focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <SkipLink />
      <Navbar />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
