import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { FlaggedMessage, ReportedItem } from '@second-gear/contract';
import { scamSignals } from '@second-gear/contract/constants';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { DataList, EmptyState, pictureAndName, RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { refreshCarLists } from '../catalog/index.ts';
import { flaggedMessagesQuery } from '../messages/index.ts';
import { deleteReportedProduct, dismissReports, reportedItemsQuery } from './api.ts';

/** Notes shown before the rest fold into a disclosure. */
const notesShown = 2;

function Notes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return <span className="text-base-content/70">No notes</span>;
  const first = notes.slice(0, notesShown);
  const rest = notes.slice(notesShown);
  return (
    <div className="max-w-60 text-sm">
      <ul className="list-disc space-y-1 ps-4">
        {first.map((note, index) => (
          <li key={index} className="break-words whitespace-pre-line">
            {note}
          </li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-primary">
            {rest.length} more {rest.length === 1 ? 'note' : 'notes'}
          </summary>
          <ul className="mt-1 list-disc space-y-1 ps-4">
            {rest.map((note, index) => (
              <li key={index} className="break-words whitespace-pre-line">
                {note}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** What the listing checks found on a car, which puts it first in the queue even with no report. */
function ListingCheckFlags({ flags }: { flags: string[] }) {
  return (
    <div className="mt-2 max-w-72 text-sm">
      <p className="font-medium">Listing checks</p>
      <ul className="list-disc space-y-1 ps-4 text-start" aria-label="Listing checks">
        {flags.map((flag) => (
          <li key={flag} className="break-words">
            {flag}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Reported Items: the cars the listing checks flagged, then those buyers reported, with Delete Car and Dismiss per row. */
export default function ReportedItemsPage() {
  const queryClient = useQueryClient();
  const reports = useQuery(reportedItemsQuery);

  const refresh = () => reports.refetch();
  // A deleted car also leaves the public lists it appeared in.
  const refreshLists = () => Promise.all([refresh(), refreshCarLists(queryClient)]);

  const remove = useDeleteAction({
    mutationFn: (item: ReportedItem) => deleteReportedProduct(item.productId),
    idOf: (item) => item.productId,
    nameOf: (item) => item.productName,
    deletedMessage: (item) => `Product ${item.productName} Deleted Successfully`,
    afterDelete: refreshLists,
    // The car may have been sold or removed meanwhile: show it as it is now.
    afterError: refresh,
  });

  const dismiss = useMutation({
    mutationFn: (item: ReportedItem) => dismissReports(item.productId),
    onSuccess: async (result) => {
      if (result.deletedCount > 0) toast.success('Reports dismissed');
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const columns: Column<ReportedItem>[] = [
    ...pictureAndName<ReportedItem>('Car', (item) => item.image, (item) => (
      <>
        {item.productName}
        {item.paid ? <span className="badge badge-neutral badge-soft badge-sm ms-2 align-middle">Sold</span> : null}
      </>
    )),
    {
      label: 'Seller',
      className: 'min-w-32',
      cell: (item) => (
        <div>
          <div className="font-medium">{item.sellerName}</div>
          <div className="text-sm [overflow-wrap:anywhere] text-base-content/70">{item.sellerEmail}</div>
        </div>
      ),
    },
    {
      label: 'Reports',
      cell: (item) => (
        <span className="badge badge-warning">
          {item.reports}
          <span className="sr-only">{item.reports === 1 ? ' report' : ' reports'}</span>
        </span>
      ),
    },
    {
      label: 'Reasons',
      cell: (item) => (
        <>
          <ul className="flex flex-wrap justify-end gap-1 md:justify-start" aria-label="Reasons">
            {item.reasons.map((reason) => (
              <li key={reason} className="badge badge-error badge-soft badge-sm whitespace-nowrap">
                {reason}
              </li>
            ))}
          </ul>
          {item.flags ? <ListingCheckFlags flags={item.flags} /> : null}
        </>
      ),
    },
    { label: 'Notes', className: 'min-w-32', cell: (item) => <Notes notes={item.notes} /> },
    {
      label: 'Latest report',
      className: 'whitespace-nowrap',
      cell: (item) => <time dateTime={item.latestAt}>{formatDate(item.latestAt)}</time>,
    },
    {
      label: 'Actions',
      kind: 'actions',
      cell: (item) => {
        const deleting = remove.isDeleting(item);
        const dismissing = dismiss.isPending && dismiss.variables.productId === item.productId;
        return (
          <RowActions stacked>
            <button
              type="button"
              className="btn btn-sm btn-outline whitespace-nowrap"
              disabled={dismissing || deleting}
              onClick={() => dismiss.mutate(item)}
            >
              {dismissing ? <Spinner size="loading-xs" label="" /> : null}
              Dismiss
            </button>
            <DeleteButton
              action={remove}
              item={item}
              className="whitespace-nowrap"
              disabled={item.paid || dismissing}
              title={item.paid ? 'Sold cars stay on record and cannot be deleted' : undefined}
            >
              Delete Car
            </DeleteButton>
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListPage
      title="Reported Items"
      countTestId="reported-count"
      query={reports}
      loadsInPlace
      loadingLabel="Loading reported items"
      emptyMessage="No reported items."
      columns={columns}
      rowKey={(item) => item.productId}
      leading="picture"
      alignTop
      wide
    >
      <ConfirmDelete {...remove.dialog} />

      <FlaggedMessages />
    </ListPage>
  );
}

const flaggedColumns: Column<FlaggedMessage>[] = [
  { label: 'Car', kind: 'name', cell: (m) => m.car.name },
  { label: 'From', cell: (m) => m.senderName },
  { label: 'To', cell: (m) => m.recipientName },
  { label: 'Message', className: 'min-w-48', cell: (m) => <p className="max-w-80 text-sm break-words whitespace-pre-wrap">{m.text}</p> },
  {
    label: 'Signals',
    cell: (m) => (
      <ul className="flex flex-wrap justify-end gap-1 md:justify-start" aria-label="Signals">
        {m.warnings.map((signal) => (
          <li key={signal} className="badge badge-warning badge-soft badge-sm text-amber-900">
            {scamSignals[signal]}
          </li>
        ))}
      </ul>
    ),
  },
  { label: 'Sent', className: 'whitespace-nowrap', cell: (m) => <time dateTime={m.sentAt}>{formatDate(m.sentAt)}</time> },
];

/** Messages between buyers and sellers that carry scam signals (they were delivered, with a warning beside them). */
function FlaggedMessages() {
  const flagged = useQuery(flaggedMessagesQuery);
  if (flagged.isError && !flagged.data) throw flagged.error;
  const list = flagged.data;
  return (
    <section className="mt-10" aria-labelledby="flagged-heading" aria-busy={flagged.isPending || undefined}>
      <h2 id="flagged-heading" className="mb-4 flex items-center gap-3 text-2xl font-bold">
        Flagged messages
        {list ? <span className="badge badge-warning badge-lg">{list.length}</span> : null}
      </h2>
      {list && list.length === 0 ? (
        <EmptyState message="No flagged messages." />
      ) : (
        <DataList labelledBy="flagged-heading" columns={flaggedColumns} rows={list} rowKey={(m) => String(m.id)} loadingLabel="Loading flagged messages" alignTop />
      )}
    </section>
  );
}
