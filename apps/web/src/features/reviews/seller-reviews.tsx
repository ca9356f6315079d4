import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { PublicReview } from '@second-gear/contract';
import { reviewLimits } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, useReaderClock } from '../../lib/format.ts';
import { useAuth } from '../auth/index.ts';
import { personReviewsQuery, replyToReview, reportReview, reviewsKey } from './api.ts';
import { Stars } from './stars.tsx';
import { TextDialog } from './text-dialog.tsx';

type Acting = { review: PublicReview; action: 'reply' | 'report' } | null;

/**
 * `Reviews` of a person (a seller's public profile): their rating and the reviews shown of them, newest
 * first, each with its stars, words, who wrote it of which sale, and the person's one reply. The
 * person themselves may `Reply` once; anyone signed in may `Report` a review to the admins.
 */
export function SellerReviews({ userId }: { userId: string }) {
  useReaderClock();
  const headingId = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const reviews = useQuery(personReviewsQuery(userId));
  const [acting, setActing] = useState<Acting>(null);
  // Kept while the dialog closes, so its text does not change under the closing animation.
  const [shown, setShown] = useState<Acting>(null);
  if (acting && acting !== shown) setShown(acting);

  const act = useMutation({
    mutationFn: async ({ review, action, text }: { review: PublicReview; action: 'reply' | 'report'; text: string }): Promise<void> => {
      await (action === 'reply' ? replyToReview(review.id, text) : reportReview(review.id, text));
    },
    onSuccess: (_answer, { action }) => {
      toast.success(action === 'reply' ? 'Your reply shows under the review' : 'Thanks: an admin will look at this review');
      setActing(null);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          Reviews
        </h2>
        {reviews.data?.rating ? <Stars average={reviews.data.rating.average} count={reviews.data.rating.count} /> : null}
      </div>
      {reviews.isPending ? <p className="text-sm text-base-content/70">Loading reviews…</p> : null}
      {reviews.isError ? <p className="text-sm text-red-700">{errorMessage(reviews.error)}</p> : null}
      {reviews.data && reviews.data.reviews.length === 0 ? <p className="text-sm text-base-content/70">No reviews yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {reviews.data?.reviews.map((review) => (
          <li key={review.id} className="rounded-box border border-base-200 p-3 [overflow-wrap:anywhere]">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Stars average={review.rating} />
              <time dateTime={review.writtenAt} className="text-xs text-base-content/70">
                {formatDate(review.writtenAt)}
              </time>
            </div>
            <p className="mt-1 whitespace-pre-line">{review.text}</p>
            <p className="mt-1 text-xs text-base-content/70">
              {review.authorName}, {review.authorRole === 'buyer' ? 'who bought' : 'who sold'} {review.productName}
            </p>
            {review.reply ? (
              <div className="mt-2 border-l-2 border-base-300 pl-3 text-sm">
                <p className="text-xs font-medium">Reply</p>
                <p className="whitespace-pre-line">{review.reply.text}</p>
              </div>
            ) : null}
            {user ? (
              <div className="mt-2 flex flex-wrap justify-end gap-2">
                {review.mayReply ? (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setActing({ review, action: 'reply' })}>
                    Reply
                  </button>
                ) : null}
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setActing({ review, action: 'report' })}>
                  Report
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <TextDialog
        open={acting !== null}
        title={shown?.action === 'reply' ? 'Reply to this review' : 'Report this review'}
        about={
          shown?.action === 'reply'
            ? `Your one public answer to ${shown.review.authorName}'s review. It shows under the review, and cannot be changed.`
            : `An admin reads why, and may hide the review. ${shown?.review.authorName ?? ''} is not told who reported it.`
        }
        label={shown?.action === 'reply' ? 'Reply' : 'Reason'}
        submitLabel={shown?.action === 'reply' ? 'Reply' : 'Report'}
        maxLength={shown?.action === 'reply' ? reviewLimits.text : reviewLimits.reportReason}
        busy={act.isPending}
        onClose={() => setActing(null)}
        onSubmit={(text) => acting && act.mutate({ ...acting, text })}
      />
    </section>
  );
}
