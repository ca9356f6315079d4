import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { PayoutRow } from '@second-gear/contract';
import type { Column } from '../../ui/data-list.tsx';
import { ListPage } from '../../ui/list-page.tsx';
import { formatCents } from '../../lib/format.ts';
import { moneyStateLabel } from '../money/index.ts';
import { payoutsQuery } from './api.ts';
import { PayoutAccount } from './payout-account.tsx';
import { saleDates, transferText } from './payout-words.ts';

const stateBadge: Record<PayoutRow['state'], string> = {
  held: 'badge-warning badge-soft text-amber-900',
  released: 'badge-success badge-soft',
  refunded: 'badge-neutral badge-soft',
};

const orDash = (cents: number | null) => (cents === null ? '—' : formatCents(cents));

/**
 * Payouts (`/dashboard/payouts`): the seller's payout account and every sale, with what was paid,
 * the platform's fee, what reaches the seller and where the transfer stands. Back from setting up
 * the account, `?onboarding=done` says the details were saved; `?onboarding=retry` that it did not finish.
 */
export default function PayoutsPage() {
  const view = useQuery(payoutsQuery);
  const [params, setParams] = useSearchParams();
  const onboarding = params.get('onboarding');

  useEffect(() => {
    if (onboarding !== 'done') return;
    // One toast by its id, however often the effect runs; the address loses the flag, so a reload does not say it again.
    toast.success('Payout details saved', { id: 'payout-details-saved' });
    setParams(
      (current) => {
        current.delete('onboarding');
        return current;
      },
      { replace: true },
    );
  }, [onboarding, setParams]);

  const account = view.data?.account.status ?? 'none';
  const columns: Column<PayoutRow>[] = [
    {
      label: 'Car',
      kind: 'name',
      className: '@max-4xl:col-span-2 @max-4xl:col-start-1',
      cell: (row) =>
        row.productId ? (
          <Link to={`/cars/${row.productId}`} className="link link-hover">
            {row.productName}
          </Link>
        ) : (
          row.productName
        ),
    },
    { label: 'Paid', className: 'whitespace-nowrap', cell: (row) => formatCents(row.amount) },
    {
      label: 'State',
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center justify-end gap-1 @4xl:justify-start">
          <span className={`badge whitespace-nowrap ${stateBadge[row.state]}`}>{moneyStateLabel[row.state]}</span>
          {row.disputeOpen ? <span className="badge badge-error badge-soft whitespace-nowrap text-red-800">Problem reported</span> : null}
        </span>
      ),
    },
    { label: 'Fee', className: 'whitespace-nowrap', cell: (row) => orDash(row.fee) },
    { label: 'Net', className: 'whitespace-nowrap', cell: (row) => orDash(row.net) },
    {
      label: 'Dates',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <span className="flex flex-col">
          {saleDates(row).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      ),
    },
    { label: 'Transfer', cell: (row) => transferText(row, account) },
  ];

  return (
    <ListPage
      title="Payouts"
      countTestId="payouts-count"
      query={{ data: view.data?.sales, isError: view.isError, error: view.error }}
      loadsInPlace
      loadingLabel="Loading your payouts"
      intro={<PayoutAccount view={view.data} retry={onboarding === 'retry'} />}
      emptyMessage="No sales yet. A sale shows here once a buyer pays for one of your cars."
      columns={columns}
      rowKey={(row) => row.paymentId}
    />
  );
}
