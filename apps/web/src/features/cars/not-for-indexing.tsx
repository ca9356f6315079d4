import { useEffect } from 'react';

/**
 * Said by a car's page while the car is off the market (sold, reserved, withdrawn, gone, or never
 * there): not to be indexed, and no canonical address of its own, as the server says in the first
 * document it sends (modules/site/page-hints.ts). The layout's CanonicalLink set the car's canonical
 * when the address was entered; it sets it again only for the next address.
 */
export function NotForIndexing() {
  useEffect(() => {
    document.head.querySelector('link[rel="canonical"]')?.remove();
  }, []);
  return <meta name="robots" content="noindex" />;
}
