import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** One per browser tab, and one per request on the server (never shared between visitors). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Long enough that a server-rendered page's data is not fetched again when it hydrates.
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
