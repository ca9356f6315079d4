import { Link } from 'react-router';
import { moneyTerms, purchaseList, type PurchaseKind } from './money-terms.ts';

/**
 * Before the card form: what happens to the money once paid (held until the buyer has the car) and
 * how it comes back, with the way to the list where the buyer acts on it later.
 */
export function MoneyTermsNote({ kind, listPath }: { kind: PurchaseKind; listPath: string }) {
  const terms = moneyTerms(kind);
  return (
    <section aria-labelledby="money-terms-heading" className="mb-6 rounded-box border border-info/40 bg-info/10 p-4 text-sm">
      <h2 id="money-terms-heading" className="mb-2 text-base font-semibold">
        What happens to your money
      </h2>
      <p className="break-words">{terms.held}</p>
      <p className="mt-2 break-words">{terms.release}</p>
      <p className="mt-2 break-words">{terms.refund}</p>
      <Link to={listPath} className="link link-primary mt-2 inline-block py-2">
        Go to {purchaseList[kind]}
      </Link>
    </section>
  );
}
