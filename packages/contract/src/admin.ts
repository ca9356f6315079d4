import { z } from 'zod';
import { categoryLimits, maxReportNoteLength, reportReasons } from './constants.ts';

/** better-auth's user ids: random URL-safe strings. */
export const userIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be a user id') }).strict();

/** A row of All Sellers / All Buyers. No secrets: no password hash, session or token ever leaves. */
export const userSummary = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  role: z.enum(['buyer', 'seller']),
  /** 'verified' or '' (sellers only; buyers are always ''). */
  verification: z.enum(['verified', '']),
  joinedAt: z.iso.datetime({ offset: true }),
});
export type UserSummary = z.infer<typeof userSummary>;

/** `PUT /seller/verify?id={userId}&email={the seller's email}` */
export const verifySellerQuery = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be a user id'),
    email: z.string().trim().toLowerCase().pipe(z.email()),
  })
  .strict();

/** `POST /reports`: a buyer reports a listing, once per car. */
export const reportBody = z
  .object({
    productId: z.uuid('productId must be the id of a car'),
    reason: z.enum(reportReasons, `Reason must be one of: ${reportReasons.join(', ')}`),
    note: z.string().trim().max(maxReportNoteLength, `Note must be at most ${maxReportNoteLength} characters`).default(''),
  })
  .strict();
export type ReportBody = z.input<typeof reportBody>;

/** One reported car in the admin's Reported Items queue. */
export const reportedItem = z.object({
  productId: z.uuid(),
  productName: z.string(),
  image: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  reports: z.number().int(),
  reasons: z.array(z.string()),
  notes: z.array(z.string()),
  /** The latest report; for a car only the listing checks flagged, when they last checked it. */
  latestAt: z.iso.datetime({ offset: true }),
  paid: z.boolean(),
  /** Paid cars: reserved while the money is held, sold once released. Optional: older servers do not send it. */
  salesStatus: z.enum(['available', 'reserved', 'sold']).optional(),
  /** What the listing checks found on the car, when they flagged it (then it comes first, reported or not). */
  flags: z.array(z.string()).optional(),
});
export type ReportedItem = z.infer<typeof reportedItem>;

const categoryName = z
  .string({ error: 'Name is Required' })
  .trim()
  .min(1, 'Name is Required')
  .max(categoryLimits.name, `Name must be at most ${categoryLimits.name} characters`);
const categoryDetails = z
  .string({ error: 'Details is Required' })
  .trim()
  .min(1, 'Details is Required')
  .max(categoryLimits.details, `Details must be at most ${categoryLimits.details} characters`);
/** The URL `POST /images` answered to the admin (the picture must be their own upload). */
const categoryPicture = z.string({ error: 'Picture is Required' }).min(1, 'Picture is Required').max(300, 'Picture must be a picture you uploaded here');

/** `POST /categories`: an admin adds a brand category. */
export const categoryBody = z.object({ name: categoryName, details: categoryDetails, image: categoryPicture }).strict();
export type CategoryBody = z.infer<typeof categoryBody>;

/** `PUT /categories/{id}`: any of the fields; those left out stay as they are. */
export const categoryChanges = z
  .object({ name: categoryName.optional(), details: categoryDetails.optional(), image: categoryPicture.optional() })
  .strict()
  .refine((c) => c.name !== undefined || c.details !== undefined || c.image !== undefined, 'Send at least one of name, details and image');
export type CategoryChanges = z.infer<typeof categoryChanges>;

/** A row of the admin's Categories screen: the home page's category plus how many cars (sold ones too) use it. */
export const managedCategory = z.object({
  _id: z.uuid(),
  name: z.string(),
  details: z.string(),
  image: z.string(),
  cars: z.number().int(),
});
export type ManagedCategory = z.infer<typeof managedCategory>;
