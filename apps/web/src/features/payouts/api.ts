import type { PayoutOnboardingLink, PayoutsView, TestOnboardingBody } from '@second-gear/contract';
import { api } from '../../lib/api.ts';

// The seller's payout calls: only lazy chunks import this module.

/** Every payouts query starts with this key. */
export const payoutsKey = ['payouts'] as const;

/** `GET /payouts`: the seller's payout account and every sale. */
export const payoutsQuery = { queryKey: [...payoutsKey, 'view'], queryFn: () => api<PayoutsView>('/payouts') } as const;

/** `GET /payouts/fee`: the platform's fee in percent. Asked once: a missing fee only hides its line. */
export const platformFeeQuery = {
  queryKey: [...payoutsKey, 'fee'],
  queryFn: () => api<{ feePercent: number }>('/payouts/fee'),
  staleTime: 5 * 60 * 1000,
  retry: false,
} as const;

/** `POST /payouts/account`: where the seller goes to add or finish their payout account (Stripe, or this app's test form). */
export function startPayoutAccount(): Promise<PayoutOnboardingLink> {
  return api<PayoutOnboardingLink>('/payouts/account', { method: 'POST', json: {} });
}

export interface TestAccount {
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

/** `GET /test-processor/accounts/{accountId}`: a test-mode payout account (`PAYMENTS=test`). */
export function testAccountQuery(accountId: string) {
  return {
    queryKey: [...payoutsKey, 'test-account', accountId],
    queryFn: () => api<TestAccount>(`/test-processor/accounts/${encodeURIComponent(accountId)}`),
  } as const;
}

/** `POST /test-processor/accounts/{accountId}/onboard`: the test bank details. */
export function saveTestOnboarding(accountId: string, body: TestOnboardingBody): Promise<Omit<TestAccount, 'id'>> {
  return api<Omit<TestAccount, 'id'>>(`/test-processor/accounts/${encodeURIComponent(accountId)}/onboard`, { method: 'POST', json: body });
}
