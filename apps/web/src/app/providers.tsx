import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { queryClient } from '../lib/query-client.ts';
import { ReaderClock } from './reader-clock.tsx';
import { TestPaymentsBanner } from './test-payments-banner.tsx';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ReaderClock>{children}</ReaderClock>
        <TestPaymentsBanner />
        {/* react-hot-toast keeps at most 20 toasts; 4000 ms by default, 2000 ms for success (docs/product.md, "Fixed timings and limits"). */}
        <Toaster position="top-center" toastOptions={{ duration: 4000, success: { duration: 2000 } }} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
