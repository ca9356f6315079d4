import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { DisputeCase, HeldPayment } from '@second-gear/contract';
import { routeErrorOf } from '../../lib/errors.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { problemReasonLabels } from '@second-gear/contract/constants';
import { formatCents } from '../../lib/format.ts';
import { moneyStateLabel } from '../money/index.ts';
import { disputeCaseQuery } from './api.ts';
import { DisputeDecision } from './dispute-decision.tsx';
import { disputeStateText } from './dispute-words.ts';

/** One labelled fact of the case. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-base-content/70 sm:w-36">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** A part of the case under its heading. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-200 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The payment's state with its date: `Held`, `Released on {date}`, `Refunded on {date}`. */
function paymentText(payment: HeldPayment): string {
  const at = payment.state === 'released' ? payment.releasedAt : payment.state === 'refunded' ? payment.refundedAt : null;
  return at ? `${moneyStateLabel[payment.state]} on ${formatDate(at)}` : moneyStateLabel[payment.state];
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function Booking({ booking }: { booking: NonNullable<DisputeCase['booking']> }) {
  return (
    <dl className="flex flex-col gap-2">
      <Fact label="Status">{booking.declineReason ? `${capitalised(booking.status)}: ${booking.declineReason}` : capitalised(booking.status)}</Fact>
      <Fact label="Meeting">{booking.meetingTime ? formatDateTime(booking.meetingTime) : 'No meeting set'}</Fact>
      <Fact label="Requested Time">{booking.preferredTime ? formatDateTime(booking.preferredTime) : 'Any time'}</Fact>
      <Fact label="Meeting Location">{booking.location || '—'}</Fact>
      <Fact label="Phone">{booking.phone || '—'}</Fact>
      <Fact label="Booked">{formatDate(booking.bookedAt)}</Fact>
    </dl>
  );
}

function Conversation({ messages }: { messages: DisputeCase['messages'] }) {
  if (messages.length === 0) return <p className="text-base-content/70">The buyer and the seller wrote no messages about this car.</p>;
  return (
    <ol className="flex flex-col gap-3">
      {messages.map((message, index) => (
        <li key={index} className={`max-w-[85%] rounded-box p-3 ${message.from === 'buyer' ? 'self-start bg-base-200' : 'self-end bg-primary/10'}`}>
          <p className="text-sm text-base-content/70">
            {message.from === 'buyer' ? 'Buyer' : 'Seller'} · <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
          </p>
          <p className="break-words whitespace-pre-line">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

function ListingChecks({ checks }: { checks: DisputeCase['listingChecks'] }) {
  if (checks.length === 0) return <p className="text-base-content/70">No listing checks ran on this car.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {checks.map((check) => (
        <li key={check.check} className="break-words">
          <span className="font-medium">{check.check}</span>: {check.outcome}
          {check.note ? ` · ${check.note}` : ''}
          {check.dismissed ? <span className="badge badge-ghost badge-sm ms-2">Dismissed</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** A dispute's case (`/dashboard/disputes/{id}`): what the admin decides on, and the decision. */
export default function DisputeCasePage() {
  const { id = '' } = useParams();
  const found = useQuery(disputeCaseQuery(id));
  if (found.isError && !found.data) throw routeErrorOf(found.error);
  if (found.isPending) return <PageSpinner label="Loading the case" />;

  const { dispute, payment, booking, messages, listingChecks } = found.data;
  const open = dispute.decision === null;
  return (
    <article className="flex flex-col gap-6" aria-labelledby="dispute-heading">
      <title>{`Dispute: ${dispute.productName} · Second Gear`}</title>
      <Link to="/dashboard/disputes" className="link link-hover inline-flex min-h-11 items-center self-start text-sm">
        <span aria-hidden="true" className="me-1">
          ←
        </span>
        Disputes
      </Link>
      <h1 id="dispute-heading" className="text-3xl font-bold break-words">
        Dispute: {dispute.productName}
      </h1>

      <Part title="The case">
        <dl className="flex flex-col gap-2">
          <Fact label="Car">
            {dispute.productId ? (
              <Link to={`/cars/${dispute.productId}`} className="link">
                {dispute.productName}
              </Link>
            ) : (
              dispute.productName
            )}
          </Fact>
          <Fact label="Amount">{formatCents(payment.amount)}</Fact>
          <Fact label="Payment">{paymentText(payment)}</Fact>
          <Fact label="Paid">{formatDate(payment.paidAt)}</Fact>
          <Fact label="Buyer">{`${dispute.buyerName} (${dispute.buyerEmail})`}</Fact>
          <Fact label="Seller">{`${dispute.sellerName} (${dispute.sellerEmail})`}</Fact>
          <Fact label="Reason">{problemReasonLabels[dispute.reason]}</Fact>
          <Fact label="Details">{dispute.details}</Fact>
          <Fact label="Opened">{formatDateTime(dispute.openedAt)}</Fact>
          <Fact label="State">{disputeStateText(dispute)}</Fact>
          {dispute.note ? <Fact label="Note">{dispute.note}</Fact> : null}
        </dl>
      </Part>

      <Part title="Booking">{booking ? <Booking booking={booking} /> : <p className="text-base-content/70">No booking is on record for this payment.</p>}</Part>
      <Part title="Conversation">
        <Conversation messages={messages} />
      </Part>
      <Part title="Listing checks">
        <ListingChecks checks={listingChecks} />
      </Part>

      {open && payment.state === 'held' ? (
        <DisputeDecision dispute={dispute} />
      ) : open ? (
        <p role="status" className="alert">
          The payment is {moneyStateLabel[payment.state].toLowerCase()} already: there is nothing left to decide.
        </p>
      ) : null}
    </article>
  );
}
