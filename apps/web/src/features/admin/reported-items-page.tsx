import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ReportedItem } from '@second-gear/contract';
import { ConfirmDelete } from '../../ui/confirm-dialog.tsx';
import { DataTable, EmptyState, HeadingWithCount, RowImage } from '../../ui/data-table.tsx';
import { DeleteButton, useDeleteAction } from '../../ui/delete-action.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { advertisedProductsQuery, categoryKey } from '../catalog/index.ts';
import { deleteReportedProduct, dismissReports, reportedItemsQuery } from './api.ts';

const columns = [
  { label: 'Picture', hidden: true },
  { label: 'Car' },
  { label: 'Seller' },
  { label: 'Reports' },
  { label: 'Reasons' },
  { label: 'Notes' },
  { label: 'Latest report', className: 'whitespace-nowrap' },
  { label: 'Actions', hidden: true },
];

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

/** Reported Items: the cars buyers reported, with Delete Car and Dismiss per row. */
export default function ReportedItemsPage() {
  const queryClient = useQueryClient();
  const reports = useQuery(reportedItemsQuery);

  const refresh = () => reports.refetch();
  // A deleted car also leaves the public lists it appeared in.
  const refreshLists = () =>
    Promise.all([
      refresh(),
      queryClient.invalidateQueries({ queryKey: categoryKey }),
      queryClient.invalidateQueries({ queryKey: advertisedProductsQuery.queryKey }),
    ]);

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

  if (reports.isError && !reports.data) throw reports.error;

  const list = reports.data;

  return (
    <section className="mx-auto max-w-7xl" aria-labelledby="reported-heading" aria-busy={reports.isPending || undefined}>
      <title>Reported Items · Second Gear</title>
      <HeadingWithCount id="reported-heading" title="Reported Items" count={list?.length} loadsInPlace testId="reported-count" />

      {list && list.length === 0 ? (
        <EmptyState message="No reported items." />
      ) : (
        <DataTable
          className="table table-sm [&_tbody_td]:align-top [&_tbody_th]:align-top"
          columns={columns}
          loadingLabel="Loading reported items"
          leading="picture"
          rows={list?.map((item) => {
            const deleting = remove.isDeleting(item);
            const dismissing = dismiss.isPending && dismiss.variables.productId === item.productId;
            return (
              <tr key={item.productId}>
                <td className="w-20">
                  <RowImage src={item.image} />
                </td>
                <th scope="row" className="min-w-32 font-semibold">
                  {item.productName}
                  {item.paid ? <span className="badge badge-neutral badge-soft badge-sm ms-2 align-middle">Sold</span> : null}
                </th>
                <td className="min-w-32">
                  <div className="font-medium">{item.sellerName}</div>
                  <div className="text-sm [overflow-wrap:anywhere] text-base-content/70">{item.sellerEmail}</div>
                </td>
                <td>
                  <span className="badge badge-warning">
                    {item.reports}
                    <span className="sr-only">{item.reports === 1 ? ' report' : ' reports'}</span>
                  </span>
                </td>
                <td>
                  <ul className="flex flex-wrap gap-1" aria-label="Reasons">
                    {item.reasons.map((reason) => (
                      <li key={reason} className="badge badge-error badge-soft badge-sm whitespace-nowrap">
                        {reason}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="min-w-32">
                  <Notes notes={item.notes} />
                </td>
                <td className="whitespace-nowrap">
                  <time dateTime={item.latestAt}>{formatDate(item.latestAt)}</time>
                </td>
                <td>
                  <div className="flex flex-col items-stretch gap-2">
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
                  </div>
                </td>
              </tr>
            );
          })}
        />
      )}

      <ConfirmDelete {...remove.dialog} />
    </section>
  );
}
