import type { CurrentUser } from '@portal/domain/accounts/me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api';

export const meQueryKey = ['me'] as const;

/** What the app fetches once there is a user (its signed-in shell), registered by the app. */
const signedInPreloads: Array<() => unknown> = [];

/**
 * The answer's schema (and zod with it) and the signed-in parts load only when there is a user:
 * never on the sign-in page of someone signed out.
 */
function loadSignedInParts() {
  for (const preload of signedInPreloads) void preload();
  return import('@portal/domain/accounts/me').then((module) => module.MeResponse);
}

/**
 * Set while this browser has a session (no secret: the cookie itself is HttpOnly). With it, a load
 * fetches the signed-in parts beside /api/me instead of after its answer, one round trip sooner.
 */
const SIGNED_IN_HINT = 'portal:signed-in';
const storage = (() => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked by the browser: no hint, nothing else changes
  }
})();
if (storage?.getItem(SIGNED_IN_HINT)) void loadSignedInParts().catch(() => undefined);

/** Whether this browser had a session when it last asked (a hint only: the server decides). */
export const hadSession = (): boolean => Boolean(storage?.getItem(SIGNED_IN_HINT));

/**
 * Adds a part to fetch beside /api/me when there is a user (at once when this browser already has
 * a session). The app registers its shell here, so this module needs nothing of the app.
 */
export function preloadWhenSignedIn(preload: () => unknown): void {
  signedInPreloads.push(preload);
  if (storage?.getItem(SIGNED_IN_HINT)) void Promise.resolve(preload()).catch(() => undefined);
}

/** The signed-in user, or null when signed out (the server answers 401). */
export async function getMe(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const answer = await api('/api/me', { schema: loadSignedInParts, signal });
    storage?.setItem(SIGNED_IN_HINT, '1');
    return answer.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      storage?.removeItem(SIGNED_IN_HINT);
      return null;
    }
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
