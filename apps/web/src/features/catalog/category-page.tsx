import { Suspense } from 'react';
import { useParams } from 'react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../ui/spinner.tsx';
import { categoryProductsQuery } from './api.ts';
import { ProductCard } from './product-card.tsx';

function CategoryProducts({ id }: { id: string }) {
  // Errors (unknown category, server down after retries) go to the route's error screen.
  const { data } = useSuspenseQuery(categoryProductsQuery(id));
  const products = data.products.filter((product) => !product.paid);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <title>{`${data.categoryName} · Second Gear`}</title>
      <h1 className="mb-8 text-3xl font-bold">Product Category: {data.categoryName}</h1>
      {products.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-base-content/70">No cars are for sale in this category right now.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function CategoryPage() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<PageSpinner label="Loading cars" />}>
      <CategoryProducts id={id} />
    </Suspense>
  );
}
