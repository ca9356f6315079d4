import { StarIcon } from '../../ui/icons.tsx';
import { testimonials } from './testimonials.ts';

function FiveStars() {
  return (
    <div role="img" aria-label="Rated 5 out of 5" className="flex gap-0.5 text-amber-400">
      {Array.from({ length: 5 }, (_, index) => (
        <StarIcon key={index} className="h-5 w-5" />
      ))}
    </div>
  );
}

export function TestimonialsSection() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="mb-10 text-center">
        <span className="block text-sm font-semibold tracking-widest text-primary uppercase">Testimonials</span>{' '}
        <span className="mt-2 block text-3xl font-bold sm:text-4xl">What Our Customers Say</span>
      </h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial._id}>
            <figure className="card h-full border border-base-200 bg-base-100 shadow-sm">
              <div className="card-body gap-4">
                <FiveStars />
                <blockquote className="flex-1 text-base-content/80">
                  <p>“{testimonial.review}”</p>
                </blockquote>
                <figcaption className="flex items-center gap-4">
                  <img
                    src={testimonial.img}
                    alt={testimonial.name}
                    width={56}
                    height={56}
                    loading="lazy"
                    decoding="async"
                    className="h-14 w-14 rounded-full ring-2 ring-primary/20"
                  />
                  <div>
                    <p className="font-semibold">{testimonial.name}</p>
                    <p className="text-sm text-base-content/70">{testimonial.designation}</p>
                    {testimonial.location ? (
                      <p className="text-sm text-base-content/60">{testimonial.location}</p>
                    ) : null}
                  </div>
                </figcaption>
              </div>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
