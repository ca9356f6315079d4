import { isLoopbackHost } from './loopback.ts';

/**
 * The map's tiles (issue 48, decision 041): a `{z}/{x}/{y}` URL template that browsers load pictures
 * from (`MAP_TILES_URL`), and the notice the provider requires beside them. OpenStreetMap's standard
 * tiles by default; their usage policy asks for this attribution, linked to their copyright page.
 */
export const openStreetMapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
} as const;

/** What a template must be, as the refused start says it after the variable's name. */
export const tileTemplateRule = 'must be an https:// URL template with {z}, {x} and {y} (http:// only on localhost)';

/** The template's host as written (`{s}.tile.example.com`), placeholders and all. */
const hostPart = (template: string) => template.slice(template.indexOf('//') + 2).split('/')[0] ?? '';

/**
 * The template's address with its placeholders filled in, or undefined when it is not one a browser
 * may load tiles from: https (http only from this machine, for a tile server in development and
 * tests), no user name or password, and `{z}`, `{x}` and `{y}` each present. `{s}` (a provider's
 * subdomains, as Leaflet fills it) may stand in the host name only.
 */
function sampleTileUrl(template: string): URL | undefined {
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) return undefined;
  let url: URL;
  try {
    url = new URL(template.replaceAll('{s}', 'a').replaceAll('{z}', '1').replaceAll('{x}', '2').replaceAll('{y}', '3'));
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (template.includes('{s}') && !hostPart(template).includes('{s}')) return undefined;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url;
  return undefined;
}

export const isTileTemplate = (template: string): boolean => sampleTileUrl(template) !== undefined;

/**
 * The Content-Security-Policy source that lets pages show the tiles (`img-src`): the template's
 * origin, with `{s}` as a wildcard subdomain. Only pictures: Leaflet draws tiles as <img>, so no
 * other directive opens.
 */
export function tileImageSource(template: string): string {
  const url = sampleTileUrl(template);
  if (!url) throw new Error(`not a tile URL template: ${template}`);
  return `${url.protocol}//${hostPart(template).includes('{s}') ? `*.${url.host.split('.').slice(1).join('.')}` : url.host}`;
}

/** The operator's own attribution (`MAP_TILES_ATTRIBUTION`) as the HTML the map shows: plain text, escaped. */
export function attributionHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
