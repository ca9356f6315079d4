import { useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Navbar } from './navbar.tsx';
import { NavItems, useMainNavItems, type NavItem } from './nav-items.tsx';
import { CanonicalLink } from './canonical-link.tsx';
import { NavigationProgress, SkipLink } from './root-layout.tsx';
import { MenuIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ConfirmEmailBanner } from '../features/auth/index.ts';
import { useRole } from '../features/auth/use-role.ts';
import { UnreadBadge } from '../features/messages/index.ts';

const adminMenu: NavItem[] = [
  { to: '/dashboard/allseller', label: 'All Sellers' },
  { to: '/dashboard/allbuyer', label: 'All Buyers' },
  { to: '/dashboard/reporteditems', label: 'Reported Items' },
  { to: '/dashboard/categories', label: 'Categories' },
  { to: '/dashboard/disputes', label: 'Disputes' },
];
const sellerMenu: NavItem[] = [
  { to: '/dashboard/addProduct', label: 'Add A Product' },
  { to: '/value', label: "What's my car worth?" },
  { to: '/dashboard/myproducts', label: 'My Products' },
  { to: '/dashboard/bookings', label: 'Booking Requests' },
  { to: '/dashboard/payouts', label: 'Payouts' },
  { to: '/dashboard/messages', label: 'Messages', badge: <UnreadBadge /> },
];
const buyerMenu: NavItem[] = [
  { to: '/dashboard/myorders', label: 'My Orders' },
  { to: '/dashboard/mywishlist', label: 'My Wishlist' },
  { to: '/dashboard/messages', label: 'Messages', badge: <UnreadBadge /> },
];

/** Saved searches, for every role: whoever signs in may search. */
const alertsItem: NavItem = { to: '/dashboard/alerts', label: 'My Alerts' };
/** The person's own account, for every role. */
const settingsItem: NavItem = { to: '/dashboard/settings', label: 'Settings' };

/** daisyUI's `lg:drawer-open`: from Tailwind's lg breakpoint the side menu is a column, not a drawer. */
const drawerBecomesColumn = '(min-width: 1024px)';

export default function DashboardLayout() {
  const { isAdmin, isSeller, isBuyer, isLoading } = useRole();
  const mainItems = useMainNavItems();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);

  // On a phone the menu is a drawer over the page: it takes the focus when it opens, Escape closes
  // it, and the focus goes back to its button once the page behind is no longer inert.
  const refocusButton = useRef(false);
  useEffect(() => {
    if (!open) {
      if (refocusButton.current) menuButton.current?.focus();
      refocusButton.current = false;
      return;
    }
    menu.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      refocusButton.current = true;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    // Widened past the drawer's breakpoint (a phone turned, a window resized), the menu is a column
    // beside the page again: the drawer closes, or the page would stay inert behind nothing.
    const wide = window.matchMedia(drawerBecomesColumn);
    const onWiden = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onWiden);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWiden);
    };
  }, [open]);

  const close = () => setOpen(false);
  const entries = [...(isAdmin ? adminMenu : []), ...(isSeller ? sellerMenu : []), ...(isBuyer ? buyerMenu : []), ...(isAdmin || isSeller || isBuyer ? [alertsItem, settingsItem] : [])];

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <NavigationProgress />
      <CanonicalLink />
      <SkipLink />
      {/* While the drawer is open, the page behind it is out of reach (inert), as behind any modal. */}
      <div className="contents" inert={open}>
        <Navbar
          menuButton={
            <button
              ref={menuButton}
              type="button"
              className="btn btn-ghost btn-square size-11 lg:hidden"
              aria-label="Dashboard menu"
              aria-controls="dashboard-menu"
              aria-expanded={open}
              onClick={() => setOpen(true)}
            >
              <MenuIcon className="h-6 w-6" />
            </button>
          }
        />
      </div>
      <div className="drawer flex-1 lg:drawer-open">
        <input
          id="dashboard-drawer"
          type="checkbox"
          className="drawer-toggle"
          checked={open}
          onChange={(event) => setOpen(event.target.checked)}
          tabIndex={-1}
          aria-hidden="true"
        />
        <div className="drawer-content flex flex-col" inert={open}>
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 p-4 sm:p-8">
            <ConfirmEmailBanner />
            <Outlet />
          </main>
        </div>
        {/* Shown at once, without daisyUI's fade (the menu still slides in): so it can take the focus as it opens. */}
        <div className="drawer-side z-50 transition-none lg:z-auto">
          {/* A pointer-only backdrop: keyboard and screen-reader users close the menu with Escape or a link. */}
          <label htmlFor="dashboard-drawer" aria-hidden="true" className="drawer-overlay" />
          <nav
            ref={menu}
            id="dashboard-menu"
            aria-label="Dashboard"
            className="min-h-full w-72 border-r border-base-200 bg-base-200/60 p-4 max-lg:bg-base-100"
          >
            {/* The navbar's pages, for the phone whose one menu button is this drawer's. */}
            <ul className="menu w-full gap-1 p-0 text-base lg:hidden">
              <NavItems items={mainItems} onNavigate={close} />
            </ul>
            <div className="divider my-2 lg:hidden" />
            <p className="px-4 pb-3 text-xs font-semibold tracking-wider text-base-content/70 uppercase">Dashboard</p>
            {isLoading ? (
              <div className="px-4 py-2">
                <Spinner size="loading-md" label="Loading your menu" />
              </div>
            ) : entries.length === 0 ? (
              <p className="px-4 text-sm text-base-content/70">No dashboard tools for this account yet.</p>
            ) : (
              <ul className="menu w-full gap-1 p-0 text-base">
                <NavItems items={entries} onNavigate={close} />
              </ul>
            )}
          </nav>
        </div>
      </div>
      <ScrollRestoration />
    </div>
  );
}
