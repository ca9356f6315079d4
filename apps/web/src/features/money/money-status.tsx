import type { HeldPayment } from '@second-gear/contract';
import { moneyStatusLines, openDispute, type MoneyReader } from './money-words.ts';

/**
 * Where a paid purchase's money stands, under `Paid` on the buyer's lists and beside the booking on
 * the seller's: a line or two of small text, the first one stronger.
 */
export function MoneyStatus({ money, reader, align = 'end' }: { money: HeldPayment; reader: MoneyReader; align?: 'start' | 'end' }) {
  const [first, ...rest] = moneyStatusLines(money, reader);
  const attention = openDispute(money) !== null;
  return (
    // Right-aligned under `Paid` at the end of a row; in a field of a phone card, beside the field's label.
    <div className={`max-w-56 text-sm @max-4xl:ms-auto @max-4xl:text-end ${align === 'end' ? '@4xl:ms-auto @4xl:text-end' : ''}`} data-testid="money-status">
      <p className={`font-medium ${attention ? 'text-amber-900' : ''}`}>{first}</p>
      {rest.map((line) => (
        <p key={line} className="break-words text-base-content/70">
          {line}
        </p>
      ))}
    </div>
  );
}
