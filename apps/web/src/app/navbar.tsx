import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../features/auth/auth-context.ts';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { UnreadMessagesLink, useLiveMessages } from '../features/messages/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';
import { NavbarSearch } from '../features/search/index.ts';
import { Avatar } from '../ui/avatar.tsx';
import { MenuIcon } from '../ui/icons.tsx';
import { Logo } from '../ui/logo.tsx';
import { NavItems, useMainNavItems } from './nav-items.tsx';

export interface NavbarProps {
  /**
   * The phone menu button, in place of the navbar's own menu: a dashboard's drawer button, whose
   * drawer also lists the navbar's pages, so a phone shows one menu button.
   */
  menuButton?: ReactNode;
  /** Off on the error screen, which has the specification's own Sign out button below. */
  signOutButton?: boolean;
}

export function Navbar({ menuButton, signOutButton = true }: NavbarProps) {
  const { user, ready, loading } = useAuth();
  const signOut = useSignOut();
  const mobileMenu = useRef<HTMLDetailsElement>(null);

  const items = useMainNavItems();
  useLiveMessages(Boolean(user?.email));

  const closeMobileMenu = () => mobileMenu.current?.removeAttribute('open');

  // The mobile menu closes on a click elsewhere or on Escape, as a menu should.
  useEffect(() => {
    const close = () => mobileMenu.current?.removeAttribute('open');
    const onPointerDown = (event: PointerEvent) => {
      if (mobileMenu.current && !mobileMenu.current.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && mobileMenu.current?.open) {
        close();
        mobileMenu.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b border-base-200 bg-base-100/95 backdrop-blur">
      {/* On a 360 px phone the menu button, the whole name, the bell and Sign Out fit in one row: tighter gaps, no truncation.
          Narrower still (320 px), the logo's picture gives way to the name and the edges tighten, or the bell would cover "Gear". */}
      <nav className="navbar mx-auto max-w-7xl gap-1 px-2 max-[359px]:px-1 sm:gap-2 sm:px-4" aria-label="Main">
        <div className="navbar-start min-w-0 gap-1 max-lg:w-auto max-lg:flex-1">
          {menuButton ?? (
            <details ref={mobileMenu} className="dropdown lg:hidden">
              <summary className="btn btn-ghost btn-square size-11" aria-label="Open menu">
                <MenuIcon className="h-6 w-6" />
              </summary>
              <ul className="menu dropdown-content z-50 mt-3 w-52 rounded-box bg-base-100 p-2 shadow-lg">
                <NavItems items={items} onNavigate={closeMobileMenu} />
              </ul>
            </details>
          )}
          <Link to="/" className="flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-0.5 text-base font-extrabold max-[380px]:text-sm tracking-tight whitespace-nowrap sm:gap-2 sm:px-1 sm:text-xl">
            <Logo className="h-7 w-7 shrink-0 max-[359px]:hidden sm:h-9 sm:w-9" />
            <span className="inline-block">
              Second <span className="text-primary">Gear</span>
            </span>
          </Link>
        </div>

        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1 text-base">
            <NavItems items={items} />
          </ul>
        </div>

        <div className="navbar-end gap-1 max-lg:w-auto max-lg:shrink-0 sm:gap-3">
          {!ready ? (
            <div className="skeleton h-11 w-24" aria-hidden="true" />
          ) : user?.email ? (
            <>
              <NavbarSearch />
              <UnreadMessagesLink />
              <NotificationBell />
              <Avatar
                name={user.name}
                photo={user.image}
                label={user.name || 'Signed-in user'}
                size={36}
                // Smaller on a phone, so that the name, the bell, the avatar and Sign Out share one row at 360 px.
                className="ring-2 ring-primary/30 ring-offset-2 ring-offset-base-100 max-sm:size-7! max-sm:ring-offset-1"
              />
              {signOutButton ? (
                <button type="button" className="btn btn-outline btn-primary h-11 px-1.5 max-sm:text-sm max-[380px]:px-1 sm:px-4" onClick={signOut} disabled={loading}>
                  Sign Out
                </button>
              ) : null}
            </>
          ) : (
            // A visitor: the search, and both ways in, so that signing up is not a small link under the login form.
            <>
              <NavbarSearch />
              <NavLink to="/login" className="btn btn-ghost h-11 px-2 sm:px-4">
                Login
              </NavLink>
              <NavLink to="/signup" className="btn btn-primary h-11 px-2 sm:px-4">
                Sign Up
              </NavLink>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
