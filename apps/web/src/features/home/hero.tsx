import { Link } from 'react-router';

export function Hero({ onBook }: { onBook: () => void }) {
  return (
    <section className="bg-gradient-to-br from-primary/10 via-base-100 to-accent/20">
      <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 py-8 sm:gap-10 sm:py-14 md:py-20 lg:grid-cols-2">
        <div className="flex flex-col items-start gap-4 sm:gap-6">
          <span className="badge badge-accent badge-lg font-semibold">Quality used cars, checked sellers</span>
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Best Car For Sale
          </h1>
          <p className="max-w-xl text-lg text-base-content/75">
            Shift into your next car with Second Gear: browse cars by brand, book a meeting with the seller, and pay
            securely online, all in one place.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn btn-primary btn-lg" onClick={onBook}>
              Book Your Car
            </button>
            {/* Signed-in people search; a visitor is asked to sign in first, as for a category. */}
            <Link to="/search" className="btn btn-outline btn-primary btn-lg">
              Search
            </Link>
          </div>
          <p className="text-base-content/80">
            Selling a car?{' '}
            <Link to="/value" className="link link-primary inline-flex min-h-11 items-center font-semibold">
              What's my car worth?
            </Link>
          </p>
        </div>
        <div className="mx-auto aspect-[8/5] w-full max-w-xl">
          <img
            src="/hero-car.svg"
            alt="Illustration of a blue car with a price tag"
            width={640}
            height={400}
            fetchPriority="high"
            className="h-full w-full"
          />
        </div>
      </div>
    </section>
  );
}
