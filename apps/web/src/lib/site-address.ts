/**
 * The site's public address (PUBLIC_URL), for the links people share and the canonical addresses:
 * the server writes it into the first page's HTML as the canonical link's origin. Without one (the
 * development server, or a page that is not public) it is this page's own origin.
 */
const publicOrigin = (() => {
  const written = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    return written ? new URL(written).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
})();

/** The absolute address of a path of this site. */
export const siteAddress = (path: string) => `${publicOrigin}${path}`;
