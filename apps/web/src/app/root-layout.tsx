import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ConfirmEmailBanner } from '../features/auth/index.ts';
import { CompareTray } from '../features/compare/index.ts';
import { ReaderProvider } from '../features/places/index.ts';
import { CanonicalLink } from './canonical-link.tsx';
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

/**
 * While the next page's code or data loads (the category page loads its cars before it opens), the
 * current page stays and a thin bar over the top edge says something is happening. Fixed, so
 * nothing moves when it comes and goes.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return <progress className="progress progress-primary fixed inset-x-0 top-0 z-50 h-1 w-full rounded-none" aria-label="Loading the page" />;
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <NavigationProgress />
      <CanonicalLink />
      <SkipLink />
      <Navbar />
      <ConfirmEmailBanner className="mx-4 mt-4 sm:mx-8" />
      <main id="main" className="flex-1" tabIndex={-1}>
        <ReaderProvider>
          <Outlet />
        </ReaderProvider>
      </main>
      <Footer />
      <CompareTray />
      <ScrollRestoration />
    </div>
  );
}
