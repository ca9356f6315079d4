import { z } from 'zod';

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

export const reportReasons = ['Scam or fraud', 'Wrong information', 'Already sold', 'Offensive content', 'Other'] as const;

/** `POST /reports`: a buyer reports a listing, once per car. */
export const reportBody = z
  .object({
    productId: z.uuid('productId must be the id of a car'),
    reason: z.enum(reportReasons, `Reason must be one of: ${reportReasons.join(', ')}`),
    note: z.string().trim().max(1000, 'Note must be at most 1000 characters').default(''),
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
  latestAt: z.iso.datetime({ offset: true }),
  paid: z.boolean(),
});
export type ReportedItem = z.infer<typeof reportedItem>;
