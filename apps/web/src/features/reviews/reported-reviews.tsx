import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ReportedReview } from '@second-gear/contract';
import { reviewLimits } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { hideReview, reportedReviewsQuery, reviewsKey } from './api.ts';
import { Stars } from './stars.tsx';
import { TextDialog } from './text-dialog.tsx';

/** The admins' `Reported reviews`: each shown review someone reported, most reported first, with `Hide` and a note both parties receive. */
export function ReportedReviews() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const reported = useQuery(reportedReviewsQuery());
  const [hiding, setHiding] = useState<ReportedReview | null>(null);
  const [shown, setShown] = useState<ReportedReview | null>(null);
  if (hiding && hiding !== shown) setShown(hiding);
  const hide = useMutation({
    mutationFn: ({ review, note }: { review: ReportedReview; note: string }) => hideReview(review.id, note),
    onSuccess: () => {
      toast.success('The review is hidden; its author and its subject are told your note');
      setHiding(null);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
  return (
    <section aria-labelledby={headingId} className="mt-8 flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Reported reviews
      </h2>
      {reported.isError ? <p className="text-sm text-red-700">{errorMessage(reported.error)}</p> : null}
      {reported.data?.length === 0 ? <p className="text-sm text-base-content/70">No reported reviews.</p> : null}
      <ul className="flex flex-col gap-3">
        {reported.data?.map((review) => (
          <li key={review.id} className="rounded-box border border-base-200 p-3 [overflow-wrap:anywhere]">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Stars average={review.rating} />
              <span className="badge badge-outline">{review.reports === 1 ? '1 report' : `${review.reports} reports`}</span>
            </div>
            <p className="mt-1 whitespace-pre-line">{review.text}</p>
            <p className="mt-1 text-xs text-base-content/70">
              By {review.authorName} of {review.subjectName}, for {review.productName}, on {formatDate(review.writtenAt)}
            </p>
            <p className="mt-1 text-sm">Reasons: {review.reasons.join('; ')}</p>
            <div className="mt-2 flex justify-end">
              <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setHiding(review)}>
                Hide
              </button>
            </div>
          </li>
        ))}
      </ul>
      <TextDialog
        open={hiding !== null}
        title="Hide this review"
        about={`The review by ${shown?.authorName ?? ''} leaves ${shown?.subjectName ?? ''}'s reviews and rating. Both are told your note.`}
        label="Note"
        submitLabel="Hide"
        maxLength={reviewLimits.hideNote}
        busy={hide.isPending}
        onClose={() => setHiding(null)}
        onSubmit={(note) => hiding && hide.mutate({ review: hiding, note })}
      />
    </section>
  );
}
