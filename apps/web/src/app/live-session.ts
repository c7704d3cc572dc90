import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQueryKey } from '../features/accounts/api/profile';
import { meQueryKey } from '../lib/get-me';
import { RECONNECTED, subscribeToLiveEvents } from '../lib/live-events';

/** Events after which what the page shows about its own user may be out of date. */
const REFRESHING_EVENTS = new Set(['user.changed', 'events.resync', RECONNECTED]);

/**
 * Spec 1 §4 "Sign-in and session": while signed in the page follows changes to the user's own
 * row. On `user.changed`, `events.resync` or a reconnect the current user and profile are read
 * again, so e.g. an approval lifts the waiting banner without a reload. A lost stream also
 * re-reads the user: if the session ended, that signs the page out. The stream closes when the
 * shell unmounts (sign-out).
 */
export function useLiveSession(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToLiveEvents((event) => {
        if (REFRESHING_EVENTS.has(event.type)) {
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        } else if (event.type === 'events.lost') {
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }
      }),
    [queryClient],
  );
}
