import { useRef } from 'react';
import { AdvertisedSection } from './advertised-section.tsx';
import { CategoriesSection } from './categories-section.tsx';
import { Hero } from './hero.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

export function HomePage() {
  const categoriesHeading = useRef<HTMLHeadingElement>(null);

  const bookYourCar = () => {
    const heading = categoriesHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };

  return (
    <>
      <title>Second Gear: Used Cars For Sale</title>
      <Hero onBook={bookYourCar} />
      <CategoriesSection headingRef={categoriesHeading} />
      <AdvertisedSection />
      <TestimonialsSection />
    </>
  );
}
