// Reviews are blind until both sides of a sale are in or their days end (issue 48, decision 042),
// and an admin may hide one. Every read that shows reviews or a rating (a person's reviews, the
// cards' stars, Booking Requests' buyer stars) asks this one predicate, so none can show one early.
// It lives in the car layer because the product JSON below needs it and every feature may read it.

/** A review of alias `r` others may read at `now` (SQL: `now()`, or a parameter of the caller's clock). */
export const reviewShown = (r = 'r', now = 'now()') => `(${r}.hidden_at is null and ${r}.shown_at <= ${now})`;

/**
 * The rating of person `subject` (SQL) from their shown reviews as the contract's JSON text, written
 * as JSON.stringify writes it (`{"average":4.5,"count":2}`, a whole average without `.0`), null
 * without any. An index-only look-up of the subject's reviews (reviews_subject_idx).
 */
export const ratingJson = (subject: string, now = 'now()') =>
  `(select '{"average":' || round(avg(r.rating), 1)::float8 || ',"count":' || count(*) || '}'
      from reviews r where r.subject_id = ${subject} and ${reviewShown('r', now)} having count(*) > 0)`;

/** The product JSON's `sellerRating` field (PRODUCT_JSON), only for a seller with shown reviews. */
export const SELLER_RATING_FIELD = `coalesce(',"sellerRating":' || ${ratingJson('p.seller_id')}, '')`;
