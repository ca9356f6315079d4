import { useQuery } from '@tanstack/react-query';
import type { FlaggedMessage } from '@second-gear/contract';
import { scamSignals } from '@second-gear/contract/constants';
import { DataList, EmptyState, type Column } from '../../ui/data-list.tsx';
import { formatDate } from '../../lib/format.ts';
import { flaggedMessagesQuery } from '../messages/index.ts';

const flaggedColumns: Column<FlaggedMessage>[] = [
  { label: 'Car', kind: 'name', cell: (m) => m.car.name },
  { label: 'From', cell: (m) => m.senderName },
  { label: 'To', cell: (m) => m.recipientName },
  { label: 'Message', className: 'min-w-48', cell: (m) => <p className="max-w-80 text-sm break-words whitespace-pre-wrap">{m.text}</p> },
  {
    label: 'Signals',
    cell: (m) => (
      <ul className="flex flex-wrap justify-end gap-1 @4xl:justify-start" aria-label="Signals">
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
export function FlaggedMessages() {
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
