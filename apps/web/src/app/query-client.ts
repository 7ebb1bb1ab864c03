import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../lib/http.ts';

/** Server data lives here only. A server's "no" (an HttpError) is not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof HttpError) && failures < 2,
      },
    },
  });
}
