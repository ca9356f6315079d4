import { z } from 'zod';

export const conditions = ['Excellent', 'Good', 'Fair'] as const;

export const category = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string(),
  details: z.string(),
});
export type Category = z.infer<typeof category>;

/** A product as every list and card receives it (specification section 3). */
export const product = z.object({
  _id: z.uuid(),
  productName: z.string(),
  categoryId: z.uuid(),
  categoryName: z.string(),
  condition: z.enum(conditions),
  description: z.string(),
  originalPrice: z.number().int(),
  resalePrice: z.number().int(),
  yearsOfUse: z.string(),
  mobile: z.string(),
  location: z.string(),
  sellerName: z.string(),
  email: z.string(),
  image: z.string(),
  /** Widths of the same picture for `srcset` (`url 480w, …`); empty when there is only one. */
  imageSrcSet: z.string(),
  salesStatus: z.enum(['available', 'sold']),
  postingTime: z.iso.datetime({ offset: true }),
  paid: z.boolean(),
  /** The seller's current verification: 'verified' or ''. */
  verification: z.enum(['verified', '']),
  advertisement: z.boolean(),
});
export type Product = z.infer<typeof product>;
