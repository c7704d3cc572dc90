import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { meQueryKey } from '../lib/get-me';

/** One client for the page. A 401 anywhere means the session ended: re-read the current user. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown, queryKey?: readonly unknown[]) => {
    if (error instanceof ApiError && error.status === 401 && queryKey?.[0] !== meQueryKey[0]) {
      void client.invalidateQueries({ queryKey: meQueryKey });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error, ['mutation']) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
  return client;
}
