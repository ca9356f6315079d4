import type { CarPage } from '@second-gear/contract';
import { formatMileage, formatPrice, type DistanceUnit } from '@second-gear/contract/constants';

// What a shared link to a car's page shows before any JavaScript runs: link previews (Open Graph,
// read by chat apps and social sites) and schema.org `Car` data (read by search engines). Only for
// the cars whose page is public: those on the market.

/** Text for an attribute value in double quotes (also the page's hints, page-hints.ts). */
export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside a script element: `<` escaped, so no text of the seller's can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** UN/CEFACT codes schema.org uses for a distance. */
const distanceUnit = { km: 'KMT', mi: 'SMI' } as const;

/** The page's `<title>` and the preview tags for a public car, to replace index.html's title; its mileage in the market's unit. */
export function carPreview(page: CarPage, publicUrl: string, marketUnit: DistanceUnit): { title: string; tags: string } {
  const { product } = page;
  const title = `${product.productName} · ${formatPrice(product.resalePrice)} · Second Gear`;
  const facts = [
    product.modelYear ? String(product.modelYear) : null,
    product.mileage !== undefined && product.mileageUnit ? formatMileage(product.mileage, product.mileageUnit, marketUnit) : null,
    product.fuel ?? null,
    product.transmission ?? null,
    `${product.condition} condition`,
    product.location,
  ].filter((fact) => fact !== null);
  const description = `${formatPrice(product.resalePrice)}. ${facts.join(' · ')}. ${product.description}`.slice(0, 300);
  const url = `${publicUrl}/cars/${product._id}`;
  const image = new URL(product.image, publicUrl).href;

  const car = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: product.productName,
    description: product.description,
    url,
    image: page.photos.map((photo) => new URL(photo.url, publicUrl).href),
    brand: { '@type': 'Brand', name: product.categoryName },
    ...(product.model && { model: product.model }),
    ...(product.modelYear && { vehicleModelDate: String(product.modelYear) }),
    ...(product.mileage !== undefined &&
      product.mileageUnit && { mileageFromOdometer: { '@type': 'QuantitativeValue', value: product.mileage, unitCode: distanceUnit[product.mileageUnit] } }),
    ...(product.fuel && { fuelType: product.fuel }),
    ...(product.transmission && { vehicleTransmission: product.transmission }),
    ...(product.bodyType && { bodyType: product.bodyType }),
    ...(product.colour && { color: product.colour }),
    itemCondition: 'https://schema.org/UsedCondition',
    offers: {
      '@type': 'Offer',
      price: product.resalePrice,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
      seller: { '@type': 'Person', name: page.seller.name },
    },
  };

  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeAttribute(content)}">`;
  const tags = [
    `<meta name="description" content="${escapeAttribute(description)}">`,
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    meta('og:type', 'product'),
    meta('og:site_name', 'Second Gear'),
    meta('og:title', `${product.productName} · ${formatPrice(product.resalePrice)}`),
    meta('og:description', description),
    meta('og:url', url),
    meta('og:image', image),
    meta('og:image:alt', product.productName),
    meta('product:price:amount', String(product.resalePrice)),
    meta('product:price:currency', 'USD'),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<script type="application/ld+json">${scriptJson(car)}</script>`,
  ].join('');
  return { title: escapeText(title), tags };
}
