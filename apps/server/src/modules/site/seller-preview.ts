import type { SellerProfile } from '@second-gear/contract';
import { clockOrUtc, writeMonthYear } from '@second-gear/contract/constants';
import { escapeAttribute } from './car-preview.ts';

// What a shared link to a seller's profile shows before any JavaScript runs, and what search engines
// read of it: its title, a description in words, and Open Graph tags. Only what the profile itself
// shows to anyone (never an email or phone).

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** The page's `<title>` (escaped) and its tags, to replace index.html's title and description. */
export function sellerPreview(seller: SellerProfile, publicUrl: string): { title: string; tags: string } {
  const title = `${seller.name} · Seller on Second Gear`;
  const since = writeMonthYear(seller.memberSince, clockOrUtc(null));
  const description = [
    `${seller.name} sells cars on Second Gear${seller.city ? ` in ${seller.city}` : ''}, a member since ${since}${seller.verified ? ', verified by an admin' : ''}.`,
    `${plural(seller.onMarket, 'car')} on the market; sold here: ${plural(seller.sold, 'car')}.`,
  ].join(' ');
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeAttribute(content)}">`;
  const tags = [
    `<meta name="description" content="${escapeAttribute(description)}">`,
    meta('og:type', 'profile'),
    meta('og:site_name', 'Second Gear'),
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', `${publicUrl}/sellers/${seller.id}`),
  ].join('');
  return { title: escapeText(title), tags };
}
