import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { canonicalPath } from '@second-gear/contract/constants';
import { siteAddress } from '../lib/site-address.ts';

/**
 * Keeps the page's `<link rel="canonical">` right as the person moves between pages: the server
 * writes the first page's (modules/site/page-hints.ts), by the same rule; a page that is not public
 * has none.
 */
export function CanonicalLink() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const path = canonicalPath(pathname, search);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (path === null) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    link.href = siteAddress(path);
  }, [pathname, search]);
  return null;
}
