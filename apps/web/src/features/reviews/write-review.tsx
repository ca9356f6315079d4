import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ReviewableSale } from '@second-gear/contract';
import { reviewLimits } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { TextAreaField } from '../../ui/form-field.tsx';
import { useRequiredText } from '../../ui/use-required-text.ts';
import { reviewableSalesQuery, reviewsKey, writeReview } from './api.ts';
import { StarRatingInput } from './star-rating-input.tsx';
import { Stars } from './stars.tsx';

/** What the author is told once their review is in: it shows now (both are in), or when the other writes theirs, or on the day the 14 days end. */
export function afterWriting(sale: ReviewableSale): string {
  if (sale.review?.shown) return `Thanks: your review of ${sale.otherName} now shows, beside theirs of you.`;
  return `Thanks: your review will show when ${sale.otherName} has written theirs, or on ${formatDate(sale.review?.showsOn ?? sale.writeUntil)}.`;
}

/** The caller's review of the released sale paid by `paymentId`, once its list is in. */
function useSale(paymentId: string): ReviewableSale | undefined {
  return useQuery(reviewableSalesQuery()).data?.find((s) => s.paymentId === paymentId);
}

/**
 * A sale's review as a status, where its buyer (My Orders) or its seller (Booking Requests) sees the
 * sale's status: once written, the caller's stars and whether the review shows yet. Nothing before.
 */
export function SaleReviewStatus({ paymentId }: { paymentId: string }) {
  const review = useSale(paymentId)?.review;
  if (!review) return null;
  return (
    <div className="flex flex-col gap-0.5 text-xs">
      <Stars average={review.rating} />
      <span className="text-base-content/70">
        {review.hidden ? 'Your review was hidden by an admin' : review.shown ? 'Your review shows' : `Waiting for the other side's review, or until ${formatDate(review.showsOn)}`}
      </span>
    </div>
  );
}

/**
 * A sale's `Write a review` among its row's actions: once the payment is released, until written or the
 * days end (Rating and Review in a dialog). Nothing for a sale that takes no review (not released,
 * refunded, a problem).
 */
export function WriteReviewButton({ paymentId }: { paymentId: string }) {
  const sale = useSale(paymentId);
  const [open, setOpen] = useState(false);
  if (!sale?.mayWrite) return null;
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        Write a review
      </button>
      <WriteReviewDialog sale={sale} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function WriteReviewDialog({ sale, open, onClose }: { sale: ReviewableSale; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const firstStar = useRef<HTMLInputElement>(null);
  const [rating, setRating] = useState(0);
  const [ratingError, setRatingError] = useState<string | undefined>();
  const text = useRequiredText('Review is required');
  const [wasOpen, setWasOpen] = useState(false);
  // Empty each time the dialog opens.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setRating(0);
      setRatingError(undefined);
      text.reset();
    }
  }
  const send = useMutation({
    mutationFn: (body: { rating: number; text: string }) => writeReview(sale.paymentId, body),
    onSuccess: (written) => {
      toast.success(afterWriting(written));
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
  const submit = () => {
    const words = text.take();
    if (rating === 0) {
      setRatingError('Rating must be 1 to 5 stars');
      firstStar.current?.focus();
      return;
    }
    if (words) send.mutate({ rating, text: words });
  };
  return (
    <FormDialog
      open={open}
      title="Write a review"
      about={`Your review of ${sale.otherName}, for ${sale.productName}. Neither of you reads the other's review until both are in, or until ${formatDate(sale.writeUntil)}.`}
      submitLabel="Write a review"
      busy={send.isPending}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={firstStar}
    >
      <StarRatingInput
        ref={firstStar}
        value={rating}
        error={ratingError}
        onChange={(stars) => {
          setRating(stars);
          setRatingError(undefined);
        }}
      />
      <TextAreaField
        label="Review"
        name="review"
        rows={4}
        maxLength={reviewLimits.text}
        hint="How the sale went, in your words. No phone numbers, emails or payment details: reviews are public."
        {...text.field}
      />
    </FormDialog>
  );
}
