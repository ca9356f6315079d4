import type { Ref } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Category } from '@second-gear/contract';
import { categoriesQuery } from '../catalog/index.ts';

/**
 * A brand's card: picture, name, details and View Product on wider screens; on a phone a compact
 * row of name and View Product (no picture, which is then not even loaded, being lazy and not
 * displayed), so the advertised cars are not seven screens down.
 */
function CategoryCard({ category }: { category: Category }) {
  const nameId = `category-${category._id}`;
  return (
    <article
      className="card h-full overflow-hidden border border-base-200 bg-base-100 shadow-sm transition-shadow hover:shadow-md max-sm:rounded-lg max-sm:shadow-none"
      aria-labelledby={nameId}
    >
      <figure className="aspect-[4/3] bg-base-200 max-sm:hidden">
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
      <div className="card-body gap-3 p-5 max-sm:flex-row max-sm:items-center max-sm:justify-between max-sm:py-1 max-sm:pr-1 max-sm:pl-4">
        <h3 id={nameId} className="card-title text-xl max-sm:text-base">
          {category.name}
        </h3>
        <p className="text-base-content/75 max-sm:hidden">{category.details}</p>
        <div className="card-actions mt-auto justify-end pt-2 max-sm:mt-0 max-sm:pt-0">
          <Link to={`category/${category._id}`} className="btn btn-primary h-11 px-4" aria-describedby={nameId}>
            View Product
          </Link>
        </div>
      </div>
    </article>
  );
}

function CategorySkeleton() {
  return (
    <li aria-hidden="true" className="card overflow-hidden border border-base-200 max-sm:h-[3.25rem] max-sm:rounded-lg">
      <div className="skeleton aspect-[4/3] rounded-none max-sm:hidden" />
      <div className="flex flex-col gap-3 p-5 max-sm:py-4">
        <div className="skeleton h-6 w-1/2 max-sm:h-5" />
        <div className="skeleton h-4 w-full max-sm:hidden" />
        <div className="skeleton h-4 w-3/4 max-sm:hidden" />
      </div>
    </li>
  );
}

export function CategoriesSection({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(categoriesQuery);

  return (
    <section id="categories" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-10 sm:py-16" aria-labelledby="categories-heading">
      <h2 id="categories-heading" ref={headingRef} tabIndex={-1} className="mb-6 text-center sm:mb-10">
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
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3" aria-busy={isPending}>
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
