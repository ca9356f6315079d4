import { useEffect, useState } from 'react';
import { NavLink, Outlet, ScrollRestoration } from 'react-router';
import { Navbar } from './navbar.tsx';
import { NavigationProgress, SkipLink } from './root-layout.tsx';
import { MenuIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useRole } from '../features/auth/use-role.ts';

interface MenuEntry {
  to: string;
  label: string;
}

const adminMenu: MenuEntry[] = [
  { to: '/dashboard/allseller', label: 'All Sellers' },
  { to: '/dashboard/allbuyer', label: 'All Buyers' },
  { to: '/dashboard/reporteditems', label: 'Reported Items' },
  { to: '/dashboard/categories', label: 'Categories' },
];
const sellerMenu: MenuEntry[] = [
  { to: '/dashboard/addProduct', label: 'Add A Product' },
  { to: '/dashboard/myproducts', label: 'My Products' },
];
const buyerMenu: MenuEntry[] = [
  { to: '/dashboard/myorders', label: 'My Orders' },
  { to: '/dashboard/mywishlist', label: 'My Wishlist' },
];

export default function DashboardLayout() {
  const { isAdmin, isSeller, isBuyer, isLoading } = useRole();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const entries = [...(isAdmin ? adminMenu : []), ...(isSeller ? sellerMenu : []), ...(isBuyer ? buyerMenu : [])];

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <NavigationProgress />
      <SkipLink />
      <Navbar />
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
        <div className="drawer-content flex flex-col">
          <div className="border-b border-base-200 px-4 py-2 lg:hidden">
            <button
              type="button"
              className="btn btn-ghost btn-sm gap-2"
              aria-controls="dashboard-menu"
              aria-expanded={open}
              onClick={() => setOpen(true)}
            >
              <MenuIcon className="h-5 w-5" />
              Dashboard menu
            </button>
          </div>
          <main id="main" tabIndex={-1} className="flex-1 p-4 sm:p-8">
            <Outlet />
          </main>
        </div>
        <div className="drawer-side z-50 lg:z-auto">
          {/* A pointer-only backdrop: keyboard and screen-reader users close the menu with Escape or a link. */}
          <label htmlFor="dashboard-drawer" aria-hidden="true" className="drawer-overlay" />
          <nav
            id="dashboard-menu"
            aria-label="Dashboard"
            className="min-h-full w-72 border-r border-base-200 bg-base-200/60 p-4 max-lg:bg-base-100"
          >
            <p className="px-4 pb-3 text-xs font-semibold tracking-wider text-base-content/60 uppercase">Dashboard</p>
            {isLoading ? (
              <div className="px-4 py-2">
                <Spinner size="loading-md" label="Loading your menu" />
              </div>
            ) : entries.length === 0 ? (
              <p className="px-4 text-sm text-base-content/70">No dashboard tools for this account yet.</p>
            ) : (
              <ul className="menu w-full gap-1 p-0 text-base">
                {entries.map((entry) => (
                  <li key={entry.to}>
                    <NavLink
                      to={entry.to}
                      className={({ isActive }) => (isActive ? 'menu-active' : '')}
                      onClick={() => setOpen(false)}
                    >
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </nav>
        </div>
      </div>
      <ScrollRestoration />
    </div>
  );
}
