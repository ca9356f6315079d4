export interface Testimonial {
  _id: string;
  name: string;
  img: string;
  review: string;
  designation: string;
  location?: string;
}

/** The three fixed testimonials (local data, images served from /public). */
export const testimonials: Testimonial[] = [
  {
    _id: 'testimonial-1',
    name: 'Sarah Johnson',
    img: '/testimonials/sarah.svg',
    review:
      'I found a three-year-old hatchback in great shape for far less than the dealer wanted. The seller was verified, the booking took a minute, and the car was exactly as described.',
    designation: 'Software Engineer',
    location: 'Austin, Texas',
  },
  {
    _id: 'testimonial-2',
    name: 'Michael Chen',
    img: '/testimonials/michael.svg',
    review:
      'Selling my sedan was painless. I listed it in the evening, advertised it the next morning, and had two serious buyers by the weekend.',
    designation: 'Small Business Owner',
  },
  {
    _id: 'testimonial-3',
    name: 'Aisha Rahman',
    img: '/testimonials/aisha.svg',
    review:
      'Browsing by brand made it easy to compare SUVs side by side, and paying online meant no awkward cash handover. I would buy here again.',
    designation: 'Pediatric Nurse',
  },
];
