import { z } from 'zod';
import { adminNoteLength, categoryLimits, maxReportNoteLength, reportReasons } from './constants.ts';
import { oneLine } from './common.ts';
import { listingCheck } from './listing-checks.ts';

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

/** `PUT` / `DELETE /admin/sellers/{id}/verification`: the admin's note on what the evidence showed (required). */
export const verificationNoteBody = z
  .object({
    note: z
      .string({ error: 'Note is Required' })
      .trim()
      .min(1, 'Note is Required')
      .max(adminNoteLength, `Note must be at most ${adminNoteLength} characters`),
  })
  .strict();
export type VerificationNoteBody = z.infer<typeof verificationNoteBody>;

/**
 * `DELETE /reported-products/{id}`: the reason the admin gives, told to the seller. Optional, so the
 * specification's call without a body still deletes (the seller is then told no reason).
 */
export const deleteReportedBody = z
  .object({
    reason: oneLine(z.string().trim().max(adminNoteLength, `Reason must be at most ${adminNoteLength} characters`), 'Reason').optional(),
  })
  .strict()
  // No body at all (Fastify reads it as null): the specification's call.
  .nullish();
export type DeleteReportedBody = z.infer<typeof deleteReportedBody>;

/** A verification decision on record: who decided, when, and the note they wrote ('' from the one-click Make Verified). */
export const verificationDecision = z.object({
  verified: z.boolean(),
  note: z.string(),
  /** null once that admin's account is gone. */
  adminName: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
});

/** A few of the latest of something, with how many there are in all. */
const latest = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), latest: z.array(item) });

/**
 * `GET /admin/sellers/{id}/evidence`: what an admin looks at before verifying a seller or removing
 * their verification: the account, their cars with the listing checks' outcomes, the reports
 * against their cars, their messages the scam signals flagged, the bookings of their cars, and the
 * decisions taken before.
 */
export const sellerEvidence = z.object({
  seller: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    emailConfirmed: z.boolean(),
    /** From Settings; null when the seller gave none. */
    phone: z.string().nullable(),
    joinedAt: z.iso.datetime({ offset: true }),
    verification: z.enum(['verified', '']),
  }),
  cars: latest(
    z.object({
      _id: z.uuid(),
      productName: z.string(),
      /** On the market, sold (paid for), or withdrawn by the seller. */
      state: z.enum(['on the market', 'sold', 'withdrawn']),
      listedAt: z.iso.datetime({ offset: true }),
      checks: z.array(listingCheck.extend({ dismissed: z.boolean() })),
    }),
  ),
  reports: latest(z.object({ productName: z.string(), reason: z.string(), note: z.string(), at: z.iso.datetime({ offset: true }) })),
  flaggedMessages: latest(z.object({ productName: z.string(), body: z.string(), warnings: z.array(z.string()), at: z.iso.datetime({ offset: true }) })),
  bookings: latest(z.object({ productName: z.string(), status: z.string(), at: z.iso.datetime({ offset: true }) })),
  decisions: z.array(verificationDecision),
});
export type SellerEvidence = z.infer<typeof sellerEvidence>;

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
