import { Spinner } from '../../ui/spinner.tsx';

/** The 'Pay' button, with 'Processing…' beside it while a payment runs (the row keeps its height). */
export function PayButton({ disabled, processing }: { disabled: boolean; processing: boolean }) {
  return (
    <div className="flex min-h-12 flex-wrap items-center gap-4">
      <button type="submit" className="btn btn-primary min-w-32" disabled={disabled} aria-busy={processing || undefined}>
        Pay
      </button>
      {processing ? (
        <span role="status" className="flex items-center gap-2 text-base-content/80">
          <Spinner size="loading-sm" label="" />
          Processing…
        </span>
      ) : null}
    </div>
  );
}
