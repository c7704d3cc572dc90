import type { CurrentUser } from '@portal/domain/accounts/me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadAppShell } from '../../../app/shell/load-app-shell';
import { ApiError, api } from '../../../lib/api';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when signed out (the server answers 401). */
export async function getMe(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    // The schema (and zod) loads only when there is a user to check: not on the sign-in page. The
    // shell the user will see loads at the same time.
    const schema = () => {
      void loadAppShell();
      return import('@portal/domain/accounts/me').then((module) => module.MeResponse);
    };
    const answer = await api('/api/me', { schema, signal });
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
