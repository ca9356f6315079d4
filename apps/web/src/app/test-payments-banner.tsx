import { useQuery } from '@tanstack/react-query';
import { siteQuery } from '../lib/site.ts';

/**
 * On every page of a production site that runs the built-in test card processor (operator's
 * ALLOW_TEST_PAYMENTS=on): payments are not real. Sticky at the bottom of the page, after
 * everything else, so its arrival moves nothing already on screen and it never covers the footer's
 * last line. Development does not show it: developers know.
 */
export function TestPaymentsBanner() {
  const site = useQuery(siteQuery);
  if (!site.data?.testPaymentsBanner) return null;
  return (
    <aside aria-label="Test payments" className="sticky bottom-0 z-40 bg-warning px-4 py-2 text-center text-sm font-semibold text-warning-content shadow-lg">
      Test payments only: no card is charged and no money changes hands on this site.
    </aside>
  );
}
