import { type CurrentUser, MeResponse } from '@portal/domain/accounts/me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when signed out (the server answers 401). */
export async function getMe(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const answer = await api('/api/me', { schema: MeResponse, signal });
    return answer.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
  retry: (failureCount, error) =>
    !(error instanceof ApiError && error.status < 500 && error.status > 0) && failureCount < 2,
});

export function useCurrentUser() {
  return useQuery(meQueryOptions);
}
