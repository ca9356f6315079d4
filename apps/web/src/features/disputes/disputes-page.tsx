import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DisputeRow } from '@second-gear/contract';
import { formatDate } from '../../lib/format.ts';
import type { Column } from '../../ui/data-list.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { problemReasonLabels } from '@second-gear/contract/constants';
import { formatCents } from '../../lib/format.ts';
import { disputesQuery } from './api.ts';
import { disputeStateText, openFirst } from './dispute-words.ts';

/** A person as the list shows them: the name, the email below it. */
function Person({ name, email }: { name: string; email: string }) {
  return (
    <div>
      <div className="font-medium">{name}</div>
      <div className="text-sm [overflow-wrap:anywhere] text-base-content/70">{email}</div>
    </div>
  );
}

const columns: Column<DisputeRow>[] = [
  { label: 'Car', kind: 'name', className: '@max-4xl:col-span-2 @max-4xl:col-start-1', cell: (row) => row.productName },
  { label: 'Buyer', className: 'min-w-32', cell: (row) => <Person name={row.buyerName} email={row.buyerEmail} /> },
  { label: 'Seller', className: 'min-w-32', cell: (row) => <Person name={row.sellerName} email={row.sellerEmail} /> },
  { label: 'Amount', className: 'whitespace-nowrap', cell: (row) => formatCents(row.amount) },
  { label: 'Reason', cell: (row) => problemReasonLabels[row.reason] },
  { label: 'Opened', className: 'whitespace-nowrap', cell: (row) => <time dateTime={row.openedAt}>{formatDate(row.openedAt)}</time> },
  {
    label: 'State',
    cell: (row) =>
      row.decision === null ? (
        <span className="badge badge-warning badge-soft whitespace-nowrap text-amber-900">Open</span>
      ) : (
        <span className="text-sm">{disputeStateText(row)}</span>
      ),
  },
  {
    label: 'Case',
    kind: 'actions',
    className: 'text-right',
    cell: (row) => (
      <Link to={`/dashboard/disputes/${row.id}`} className={`btn btn-sm whitespace-nowrap ${row.decision === null ? 'btn-primary' : 'btn-outline'}`}>
        {row.decision === null ? 'Decide' : 'View'}
        <span className="sr-only"> the case of {row.productName}</span>
      </Link>
    ),
  },
];

/** Disputes (`/dashboard/disputes`): the problems buyers reported on held payments, open ones first, each to decide. */
export default function DisputesPage() {
  const disputes = useQuery({ ...disputesQuery, select: openFirst });
  return (
    <ListPage
      title="Disputes"
      countTestId="disputes-count"
      query={disputes}
      loadsInPlace
      loadingLabel="Loading disputes"
      intro={<p className="mb-6 text-base-content/80">A buyer reported a problem while the money was held: refund the buyer or release it to the seller.</p>}
      emptyMessage="No disputes. A problem a buyer reports shows here."
      columns={columns}
      rowKey={(row) => row.id}
      alignTop
    />
  );
}
