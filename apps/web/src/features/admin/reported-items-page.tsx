import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ReportedItem } from '@second-gear/contract';
import { adminNoteLength } from '@second-gear/contract/constants';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/form-field.tsx';
import { pictureAndName, RowActions, type Column } from '../../ui/data-list.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { refreshCarLists } from '../catalog/index.ts';
import { ReportedReviews } from '../reviews/index.ts';
import { deleteReportedProduct, dismissReports, reportedItemsQuery } from './api.ts';
import { FlaggedMessages } from './flagged-messages.tsx';
import { ListingCheckFlags, Notes } from './report-details.tsx';

/** Reported Items: the cars the listing checks flagged, then those buyers reported, with Delete Car and Dismiss per row. */
export default function ReportedItemsPage() {
  const queryClient = useQueryClient();
  const reports = useQuery(reportedItemsQuery);

  const refresh = () => reports.refetch();
  // A deleted car also leaves the public lists it appeared in.
  const refreshLists = () => Promise.all([refresh(), refreshCarLists(queryClient)]);

  // The reason told to the seller, for the car whose delete dialog is open (by its name, so another car's dialog starts empty).
  const [reason, setReason] = useState({ about: '', text: '' });
  const remove = useDeleteAction({
    mutationFn: (item: ReportedItem) => deleteReportedProduct(item.productId, reason.about === item.productName ? reason.text : ''),
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
        {item.paid ? <span className="badge badge-neutral badge-soft badge-sm ms-2 align-middle">{item.salesStatus === 'reserved' ? 'Reserved' : 'Sold'}</span> : null}
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
          <ul className="flex flex-wrap justify-end gap-1 @4xl:justify-start" aria-label="Reasons">
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
            <BusyButton
              busy={dismissing}
              className="btn btn-sm btn-outline whitespace-nowrap"
              disabled={deleting}
              onClick={() => dismiss.mutate(item)}
            >
              Dismiss
            </BusyButton>
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
    >
      <ConfirmDelete {...remove.dialog}>
        <TextAreaField
          label="Reason told to the seller"
          name="reason"
          rows={2}
          maxLength={adminNoteLength}
          hint="Optional. The seller is told their car was removed, with this reason."
          value={reason.about === remove.dialog.itemName ? reason.text : ''}
          onChange={(event) => setReason({ about: remove.dialog.itemName, text: event.target.value })}
        />
      </ConfirmDelete>

      <FlaggedMessages />
      <ReportedReviews />
    </ListPage>
  );
}
