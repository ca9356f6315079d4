import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { advertisedProductsQuery, ProductCard } from '../catalog/index.ts';

export function AdvertisedSection() {
  // The cards are drawn in a background render that yields to the browser: an answer arriving
  // re-renders at once, and all the cards (27 in the demo) in that one task held a phone's main
  // thread for most of a second, taps unanswered.
  const data = useDeferredValue(useQuery(advertisedProductsQuery).data);
  // Only unpaid products are shown in the advertised grid (a sold car is never advertised).
  const products = (data ?? []).filter((product) => !product.paid);
  if (products.length === 0) return null;

  // The heading shows only when the first item is advertised and not paid.
  const first = data?.[0];
  const showHeading = first !== undefined && first.advertisement && !first.paid;

  return (
    <section className="bg-base-200/60" aria-label={showHeading ? undefined : 'Featured cars'} aria-labelledby={showHeading ? 'advertised-heading' : undefined}>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-16">
        {showHeading ? (
          <h2 id="advertised-heading" className="mb-6 text-center sm:mb-10">
            <span className="block text-sm font-semibold tracking-widest text-primary uppercase">Hot Deals</span>{' '}
            <span className="mt-2 block text-3xl font-bold sm:text-4xl">Advertised Cars</span>
          </h2>
        ) : null}
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
