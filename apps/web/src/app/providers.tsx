import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary, RuntimeErrorOverlay } from './error-reporting.tsx';

/** Everything around the router: server-data cache, the last-resort error boundary, the overlay. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AppErrorBoundary>{children}</AppErrorBoundary>
      <RuntimeErrorOverlay />
    </QueryClientProvider>
  );
}
