import { z } from 'zod';
import { categoryPageSize, conditions, maxPrice, productLimits } from './constants.ts';

export const category = z.object({
  _id: z.uuid(),
  name: z.string(),
  image: z.string(),
  details: z.string(),
});
export type Category = z.infer<typeof category>;

/** A product as every list and card receives it (docs/product.md, "Screens"). */
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

export const addProductCategory = category.pick({ _id: true, name: true });
export type AddProductCategory = z.infer<typeof addProductCategory>;

export const categoryPageQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(categoryPageSize.max).default(categoryPageSize.default),
  })
  .strict();

/** `GET /category/{id}`: the category's name and one page of its unsold cars, newest first. */
export const categoryPage = z.object({
  categoryName: z.string(),
  products: z.array(product),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CategoryPage = z.infer<typeof categoryPage>;

/** `POST /images` answers in the shape of the image host the first client used. */
export const imageUploadAnswer = z.object({ success: z.literal(true), data: z.object({ url: z.string() }) });
export type ImageUploadAnswer = z.infer<typeof imageUploadAnswer>;
const price = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number of dollars`)
    .positive(`${name} must be more than 0`)
    .max(maxPrice, `${name} must be at most ${maxPrice}`);
const text = (name: string, max: number) =>
  z.string({ error: `${name} is Required` }).trim().min(1, `${name} is Required`).max(max, `${name} must be at most ${max} characters`);

/** Fields the server sets itself; a client that sends one is refused, so nobody can forge them. */
export const serverSetProductFields = ['sellerName', 'email', 'salesStatus', 'postingTime', 'paid', 'advertisement', 'verification'] as const;

/** `POST /addProducts`: what a seller types. Everything else comes from the session and the database. */
export const addProductBody = z
  .object({
    productName: text('Product Name', productLimits.productName),
    categoryId: z.uuid('Category is Required'),
    condition: z.enum(conditions, 'Condition must be Excellent, Good or Fair'),
    description: text('Product Description', productLimits.description),
    originalPrice: price('Original Price'),
    resalePrice: price('Resale Price'),
    /** The year of purchase, under the first client's field name. */
    yearsOfUse: z
      .string({ error: 'Year of Purchase is Required' })
      .trim()
      .regex(/^\d{4}$/, 'Year of Purchase must be a year like 2019')
      .refine(
        (y) => Number(y) >= productLimits.firstYear && Number(y) <= new Date().getFullYear(),
        `Year of Purchase cannot be in the future or before ${productLimits.firstYear}`,
      ),
    mobile: text('Mobile No.', productLimits.mobile),
    location: text('Location', productLimits.location),
    image: z.string({ error: 'Image is Required' }).min(1, 'Image is Required').max(300),
  })
  .strict();
export type AddProductBody = z.infer<typeof addProductBody>;
