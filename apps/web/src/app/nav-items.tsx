import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../features/auth/auth-context.ts';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  /** Shown after the label (the unread count of Messages). */
  badge?: ReactNode;
  /** Only below 1280 px: wider, the navbar shows it otherwise (the search's field). */
  narrowOnly?: boolean;
}

/**
 * The navigation bar's pages (docs/product.md, "Navigation bar"): Home, Blog, Dashboard for a
 * signed-in user with an email, and then, for everyone, the search as a link below 1280 px (wider,
 * the navbar has its `Search cars` field; a phone's row has no room left beside the bell, the avatar
 * and Sign Out, or beside Login and Sign Up).
 */
export function useMainNavItems(): NavItem[] {
  const { user } = useAuth();
  const items: NavItem[] = [
    { to: '/', label: 'Home', end: true },
    { to: '/blog', label: 'Blog' },
  ];
  if (user?.email) items.push({ to: '/dashboard', label: 'Dashboard' });
  items.push({ to: '/search', label: 'Search cars', narrowOnly: true });
  return items;
}

// At least 44 px tall, the smallest comfortable tap target; the text stays centred in it.
const linkClass = ({ isActive }: { isActive: boolean }) => `min-h-11 content-center ${isActive ? 'menu-active font-semibold' : ''}`;

/** The items of a daisyUI `.menu` list, the current page marked. */
export function NavItems({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return items.map((item) => (
    <li key={item.to} className={item.narrowOnly ? 'xl:hidden' : undefined}>
      <NavLink to={item.to} end={item.end ?? false} className={linkClass} onClick={onNavigate}>
        {item.label}
        {item.badge}
      </NavLink>
    </li>
  ));
}
