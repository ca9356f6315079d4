import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { SellerEvidence, UserSummary } from '@second-gear/contract';
import { adminNoteLength } from '@second-gear/contract/constants';
import { errorMessage } from '../../lib/errors.ts';
import { fieldRefusals } from '../../lib/field-refusals.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';
import { TextAreaField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { decideVerification, sellerEvidenceQuery } from './api.ts';

export interface VerificationPanelProps {
  /** The seller looked at; the panel verifies them, or removes their verification when they are verified. */
  seller: UserSummary;
  onDone: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Make Verified and Remove verification (docs/product.md, "Verifying a seller"): the evidence an
 * admin weighs (the account, the seller's cars with their listing checks, reports, flagged messages,
 * bookings and earlier decisions) and a required note that goes on record with the decision.
 */
export function VerificationPanel({ seller, onDone, onClose }: VerificationPanelProps) {
  const titleId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const verifying = seller.verification !== 'verified';
  const evidence = useQuery(sellerEvidenceQuery(seller._id));
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);

  const decide = useMutation({
    mutationFn: () => decideVerification(seller._id, verifying, note.trim()),
    onSuccess: async (result) => {
      if (result.modifiedCount > 0) toast.success(verifying ? `${seller.name} verified successfully!!` : `${seller.name} is no longer verified`);
      await onDone();
      onClose();
    },
    onError: (error) => {
      const aboutNote = fieldRefusals(error).note;
      if (aboutNote) setNoteError(aboutNote);
      else toast.error(errorMessage(error));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decide.isPending) return;
    if (note.trim() === '') {
      setNoteError('Note is Required');
      noteRef.current?.focus();
      return;
    }
    decide.mutate();
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} busy={decide.isPending} closeOnOutsideClick={false} initialFocus={noteRef}>
      <h2 id={titleId} className="text-lg font-bold">
        {verifying ? `Verify ${seller.name}` : `Remove the verification of ${seller.name}`}
      </h2>
      {evidence.isPending ? (
        <div className="my-6 flex justify-center">
          <Spinner label="Loading the seller’s record" />
        </div>
      ) : evidence.isError ? (
        <p role="alert" className="my-4 text-red-700">
          {evidence.error.message}
        </p>
      ) : (
        <Evidence evidence={evidence.data} />
      )}
      <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextAreaField
          ref={noteRef}
          label="Note"
          name="note"
          required
          rows={3}
          maxLength={adminNoteLength}
          hint={verifying ? 'What you checked and why the seller can be trusted. Kept on record for admins.' : 'Why the verification is removed. Kept on record for admins.'}
          value={note}
          error={noteError}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
        <FormDialogActions
          submitLabel={verifying ? 'Verify seller' : 'Remove verification'}
          submitClass={verifying ? 'btn-primary' : 'btn-error'}
          busy={decide.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

function Evidence({ evidence }: { evidence: SellerEvidence }) {
  const { seller, cars, reports, flaggedMessages, bookings, decisions } = evidence;
  return (
    // Scrolled on its own (the note stays in sight), so it takes focus for the keyboard to scroll it.
    <div role="region" aria-label="The seller’s record" tabIndex={0} className="mt-3 flex max-h-[50vh] flex-col gap-4 overflow-y-auto pe-1 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Joined</dt>
        <dd>
          <time dateTime={seller.joinedAt}>{formatDate(seller.joinedAt)}</time>
        </dd>
        <dt className="font-medium">Email</dt>
        <dd className="[overflow-wrap:anywhere]">
          {seller.email} ({seller.emailConfirmed ? 'confirmed' : 'not confirmed'})
        </dd>
        <dt className="font-medium">Phone</dt>
        <dd>{seller.phone ?? 'Not given'}</dd>
      </dl>

      <Section title="Cars" count={cars.count} none="No cars listed.">
        {cars.latest.map((car) => (
          <li key={car._id}>
            <span className="font-medium">{car.productName}</span> · {car.state} · listed {formatDate(car.listedAt)}
            <ul className="mt-1 flex flex-wrap gap-1" aria-label={`Listing checks of ${car.productName}`}>
              {car.checks.length === 0 ? <li className="text-base-content/70">Not checked yet</li> : null}
              {car.checks.map((check) => (
                <li key={check.name} className={`badge badge-sm whitespace-nowrap ${check.outcome === 'flagged' && !check.dismissed ? 'badge-error badge-soft' : 'badge-ghost'}`} title={check.detail}>
                  {check.name}: {check.outcome}
                  {check.dismissed ? ' (cleared)' : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </Section>
      <Section title="Reports against their cars" count={reports.count} none="No reports.">
        {reports.latest.map((report, index) => (
          <li key={index}>
            {report.productName}: {report.reason}
            {report.note ? ` — “${report.note}”` : ''} · {formatDate(report.at)}
          </li>
        ))}
      </Section>
      <Section title="Flagged messages" count={flaggedMessages.count} none="No flagged messages.">
        {flaggedMessages.latest.map((message, index) => (
          <li key={index} className="break-words">
            {message.productName}: “{message.body}” · {formatDate(message.at)}
          </li>
        ))}
      </Section>
      <Section title="Bookings of their cars" count={bookings.count} none="No bookings.">
        {bookings.latest.map((booking, index) => (
          <li key={index}>
            {booking.productName}: {booking.status} · {formatDate(booking.at)}
          </li>
        ))}
      </Section>
      {decisions.length > 0 ? (
        <Section title="Earlier decisions" count={decisions.length} none="">
          {decisions.map((decision, index) => (
            <li key={index}>
              {decision.verified ? 'Verified' : 'Verification removed'} by {decision.adminName ?? 'a former admin'} on {formatDateTime(decision.at)}
              {decision.note ? `: “${decision.note}”` : ''}
            </li>
          ))}
        </Section>
      ) : null}
    </div>
  );
}

/** One part of the evidence: its heading with the count of all, and the latest few. */
function Section({ title, count, none, children }: { title: string; count: number; none: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 font-semibold">
        {title} ({count})
      </h3>
      {count === 0 ? <p className="text-base-content/70">{none}</p> : <ul className="flex list-disc flex-col gap-1 ps-4">{children}</ul>}
    </section>
  );
}
