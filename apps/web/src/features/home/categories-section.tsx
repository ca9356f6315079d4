import type { Ref } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Category } from '@second-gear/contract';
import { categoriesQuery } from '../catalog/index.ts';

function CategoryCard({ category }: { category: Category }) {
  const nameId = `category-${category._id}`;
  return (
    <article className="card h-full overflow-hidden border border-base-200 bg-base-100 shadow-sm transition-shadow hover:shadow-md" aria-labelledby={nameId}>
      <figure className="aspect-[4/3] bg-base-200">
        <img
          src={category.image}
          alt={category.name}
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <h3 id={nameId} className="card-title text-xl">
          {category.name}
        </h3>
        <p className="text-base-content/75">{category.details}</p>
        <div className="card-actions mt-auto justify-end pt-2">
          <Link to={`category/${category._id}`} className="btn btn-primary btn-sm" aria-describedby={nameId}>
            View Product
          </Link>
        </div>
      </div>
    </article>
  );
}

function CategorySkeleton() {
  return (
    <li aria-hidden="true" className="card overflow-hidden border border-base-200">
      <div className="skeleton aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <div className="skeleton h-6 w-1/2" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-3/4" />
      </div>
    </li>
  );
}

export function CategoriesSection({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(categoriesQuery);

  return (
    <section id="categories" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16" aria-labelledby="categories-heading">
      <h2 id="categories-heading" ref={headingRef} tabIndex={-1} className="mb-10 text-center">
        <span className="block text-sm font-semibold tracking-widest text-primary uppercase">Brand Wise Car</span>{' '}
        <span className="mt-2 block text-3xl font-bold sm:text-4xl">Available Car Category</span>
      </h2>
      {isError ? (
        <div role="alert" className="alert alert-error alert-soft mx-auto max-w-xl">
          <span>Could not load the car categories: {error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
          {isPending
            ? Array.from({ length: 6 }, (_, index) => <CategorySkeleton key={index} />)
            : data.map((category) => (
                <li key={category._id}>
                  <CategoryCard category={category} />
                </li>
              ))}
        </ul>
      )}
      {!isPending && !isError && data.length === 0 ? (
        <p className="text-center text-base-content/70">No categories yet.</p>
      ) : null}
    </section>
  );
}
