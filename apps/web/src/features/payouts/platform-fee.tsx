import { useQuery } from '@tanstack/react-query';
import { platformFeeQuery } from './api.ts';
import { feeText } from './payout-words.ts';

/** "Platform fee: N % of each sale" for a seller about to list a car; nothing when the fee could not be read. */
export function PlatformFeeNote({ className = '' }: { className?: string }) {
  const fee = useQuery(platformFeeQuery);
  // The line's height is kept while the fee loads, so the fields below do not move.
  if (fee.isError) return null;
  return (
    <p className={`min-h-5 text-sm text-base-content/80 ${className}`} data-testid="platform-fee">
      {fee.data ? feeText(fee.data.feePercent) : null}
    </p>
  );
}
