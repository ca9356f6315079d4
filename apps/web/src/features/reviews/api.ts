import type { PersonReviews, PublicReview, ReportedReview, ReviewableSale, WriteReviewBody } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// Reviews after a released payment (issue 48): the caller's sales to review, a person's shown
// reviews, and what the author, the subject, anyone signed in and an admin do with them.

export const reviewsKey = ['reviews'] as const;

/** `GET /reviews/mine`: the caller's released sales and their review of each (My Orders, Booking Requests). */
export const reviewableSalesQuery = () => ({
  queryKey: [...reviewsKey, 'mine'] as const,
  queryFn: () => api<ReviewableSale[]>('/reviews/mine'),
});

/** `GET /users/{id}/reviews`: the shown reviews about a person, with their rating. */
export const personReviewsQuery = (userId: string) => ({
  queryKey: [...reviewsKey, 'person', userId] as const,
  queryFn: () => api<PersonReviews>(`/users/${encodeURIComponent(userId)}/reviews`),
});

/** `GET /admin/reviews`: the reported reviews not hidden. */
export const reportedReviewsQuery = () => ({
  queryKey: [...reviewsKey, 'reported'] as const,
  queryFn: () => api<ReportedReview[]>('/admin/reviews'),
});

export const writeReview = (paymentId: string, body: WriteReviewBody) =>
  api<ReviewableSale>(`/payments/${encodeURIComponent(paymentId)}/review`, { method: 'POST', json: body });

export const replyToReview = (id: string, text: string) => api<PublicReview>(`/reviews/${encodeURIComponent(id)}/reply`, { method: 'POST', json: { text } });

export const reportReview = (id: string, reason: string) => api<{ acknowledged: true }>(`/reviews/${encodeURIComponent(id)}/report`, { method: 'POST', json: { reason } });

export const hideReview = (id: string, note: string) => api<{ id: string; hiddenAt: string }>(`/admin/reviews/${encodeURIComponent(id)}/hide`, { method: 'POST', json: { note } });
