import type { ReactNode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@second-gear/contract';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { ReaderClock } from './reader-clock.tsx';
import { TestPaymentsBanner } from './test-payments-banner.tsx';

/**
 * `client`: the browser's one cache, or the one of the page the server draws (entry-server.tsx).
 * `session`: who a page the server draws is drawn for, there and while the browser hydrates it.
 */
export function AppProviders({ client, session, children }: { client: QueryClient; session?: { user: SessionUser | null }; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider known={session}>
        <ReaderClock>{children}</ReaderClock>
        <TestPaymentsBanner />
        {/* react-hot-toast keeps at most 20 toasts; 4000 ms by default, 2000 ms for success (docs/product.md, "Fixed timings and limits").
            Below the sticky navigation bar (64 px), never over it: on a phone a long toast covered the menu's
            button, and a pointer resting on a toast holds it there. */}
        <Toaster position="top-center" containerStyle={{ top: 72 }} toastOptions={{ duration: 4000, success: { duration: 2000 } }} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
