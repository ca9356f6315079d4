import { z } from 'zod';

const count = z.number().int().nonnegative();

/** How many days a car's `Performance` shows, today included. */
export const PERFORMANCE_DAYS = 30;

/** `GET /products/{id}/performance` takes no parameters besides the car: it is always the caller's own car. */
export const performanceQuery = z.object({}).strict();

/** One day of a car's `Performance` (a UTC day, `YYYY-MM-DD`). */
export const performanceDay = z.object({
  day: z.iso.date(),
  /** Distinct visitors who opened the car's page that day (crawlers and the seller left out). */
  views: count,
  /** Buyers who added the car to their wishlist that day. */
  saves: count,
  /** Messages buyers sent about the car that day. */
  messages: count,
  /** Booking requests made on the car that day. */
  bookingRequests: count,
  /** The median of the similar cars' views that day; null without similar cars. */
  similarViews: z.number().nonnegative().nullable(),
});
export type PerformanceDay = z.infer<typeof performanceDay>;

/** `GET /products/{id}/performance`: a car's last 30 days for its seller, beside similar cars on the market. */
export const carPerformance = z.object({
  productId: z.uuid(),
  productName: z.string(),
  price: z.number().int().positive(),
  /** Oldest first, today last. */
  days: z.array(performanceDay),
  similar: z.object({
    /** Cars on the market of the same make and model, within two model years: what the medians rest on. */
    cars: count,
    /** The median of their views over the 30 days; null without similar cars. */
    medianViews: z.number().nonnegative().nullable(),
    /** The median of their asking prices; null without similar cars. */
    medianPrice: z.number().nonnegative().nullable(),
  }),
});
export type CarPerformance = z.infer<typeof carPerformance>;

/** `GET /products/views` takes no parameters: the caller's own cars. */
export const productViewsQuery = z.object({}).strict();

/** `GET /products/views`: My Products' `Views (7 days)`, one entry per car of the caller's that has any. */
export const productViews = z.array(z.object({ productId: z.uuid(), views: count }));
export type ProductViews = z.infer<typeof productViews>;
