import { z } from 'zod';
import { reviewLimits } from './constants.ts';

// Reviews only a completed sale can write (issue 48, decision 042): the buyer reviews the seller and
// the seller the buyer, once each, after the payment was released; blind until both are in or the
// days end; the subject answers once; anyone signed in may report one; an admin may hide one.

const time = z.iso.datetime({ offset: true });

/** A person's words that must be there: trimmed, then 1 to `max` characters. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);

/** `Rating`: whole stars, 1 to 5. */
export const reviewRating = z.number({ error: 'Rating must be 1 to 5 stars' }).int('Rating must be 1 to 5 stars').min(1, 'Rating must be 1 to 5 stars').max(5, 'Rating must be 1 to 5 stars');

/** `POST /payments/{paymentId}/review`: `Write a review`. */
export const writeReviewBody = z.object({ rating: reviewRating, text: requiredText('Review', reviewLimits.text) }).strict();
export type WriteReviewBody = z.input<typeof writeReviewBody>;

/** `POST /reviews/{id}/reply`: the subject's one public answer. */
export const replyReviewBody = z.object({ text: requiredText('Reply', reviewLimits.text) }).strict();
export type ReplyReviewBody = z.input<typeof replyReviewBody>;

/** `POST /reviews/{id}/report`. */
export const reportReviewBody = z.object({ reason: requiredText('Reason', reviewLimits.reportReason) }).strict();
export type ReportReviewBody = z.input<typeof reportReviewBody>;

/** `POST /admin/reviews/{id}/hide`: the note both parties receive. */
export const hideReviewBody = z.object({ note: requiredText('Note', reviewLimits.hideNote) }).strict();
export type HideReviewBody = z.input<typeof hideReviewBody>;

export const reviewIdParams = z.object({ id: z.uuid('id must be the id of a review') }).strict();
/** `GET /users/{id}/reviews`: a person's account id. */
export const reviewedUserParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be a user id') }).strict();

/** A rating from shown reviews: the average to one decimal, and how many. */
export const ratingSummary = z.object({ average: z.number(), count: z.number().int().positive() });
export type RatingSummary = z.infer<typeof ratingSummary>;

/** A shown review, as anyone reads it. */
export const publicReview = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  /** The author's side of the sale: a buyer reviewed the person as seller, or a seller as buyer. */
  authorRole: z.enum(['buyer', 'seller']),
  productName: z.string(),
  writtenAt: time,
  reply: z.object({ text: z.string(), at: time }).nullable(),
  /** The caller is its subject and has not answered yet: they may `Reply`. */
  mayReply: z.boolean(),
});
export type PublicReview = z.infer<typeof publicReview>;

/** `GET /users/{id}/reviews`: the shown reviews about a person, newest first, and their rating (absent with none). */
export const personReviews = z.object({ rating: ratingSummary.optional(), reviews: z.array(publicReview) });
export type PersonReviews = z.infer<typeof personReviews>;

/** The caller's own review of a sale, shown or still blind. */
export const ownReview = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  writtenAt: time,
  /** Others (and its subject) can read it. */
  shown: z.boolean(),
  /** When it shows at the latest (the end of the days), if the other side has not written theirs. */
  showsOn: time,
  hidden: z.boolean(),
});
export type OwnReview = z.infer<typeof ownReview>;

/** `GET /reviews/mine`: one of the caller's released sales, as buyer or as seller, and their review of it. */
export const reviewableSale = z.object({
  paymentId: z.uuid(),
  /** The caller's side. */
  role: z.enum(['buyer', 'seller']),
  productName: z.string(),
  /** The person the caller reviews. */
  otherName: z.string(),
  releasedAt: time,
  /** The last moment a review can be written. */
  writeUntil: time,
  /** Whether `Write a review` is open: released, not yet written, within the days. */
  mayWrite: z.boolean(),
  review: ownReview.nullable(),
});
export type ReviewableSale = z.infer<typeof reviewableSale>;

/** An admin's row of reported reviews: shown, not hidden, with their reports. */
export const reportedReview = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  subjectName: z.string(),
  productName: z.string(),
  writtenAt: time,
  reports: z.number().int(),
  reasons: z.array(z.string()),
});
export type ReportedReview = z.infer<typeof reportedReview>;

export const reviewReported = z.object({ acknowledged: z.literal(true) });
export const reviewHidden = z.object({ id: z.uuid(), hiddenAt: time });
