/**
 * The site's public address (PUBLIC_URL), for the links people share and the canonical addresses:
 * the server writes it into the first page's HTML as the canonical link's origin. Without one (the
 * development server, or a page that is not public) it is this page's own origin.
 */
let publicOrigin: string | undefined;

/** Read once, when first asked (in the browser: the server draws no share links' addresses). */
function sitePublicOrigin(): string {
  if (publicOrigin === undefined) {
    const written = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    try {
      publicOrigin = written ? new URL(written).origin : window.location.origin;
    } catch {
      publicOrigin = window.location.origin;
    }
  }
  return publicOrigin;
}

/** The absolute address of a path of this site. */
export const siteAddress = (path: string) => `${sitePublicOrigin()}${path}`;
