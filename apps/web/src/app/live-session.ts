import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from '../features/accounts/api/get-me';
import { profileQueryKey } from '../features/accounts/api/profile';

export const EVENTS_URL = '/api/events';
/** Spec 1 §9: a subscription that has not opened after this long is dropped and tried again later. */
export const LIVE_OPEN_TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Events that mean "what you show about this user may be out of date". */
const REFRESHING_EVENTS = new Set(['user.changed', 'events.resync']);

export function retryDelay(attempt: number): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
  return base + Math.floor(Math.random() * 250);
}

/**
 * Spec 1 §4 "Sign-in and session": while signed in the page follows changes to the user's own
 * row. On `user.changed` (or `events.resync`, or a reconnect, after which events may have been
 * missed) the current user and profile are read again, so e.g. an approval lifts the waiting
 * banner without a reload. The stream closes when the shell unmounts (sign-out); a dropped stream
 * is opened again with back-off. Failures are otherwise ignored: the page works without it.
 */
export function useLiveSession(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let openTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let hasOpened = false;
    let stopped = false;

    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    };

    const retryLater = () => {
      clearTimeout(openTimer);
      source?.close();
      source = null;
      if (stopped) return;
      // Repeated failures may mean the session ended: re-reading the user signs the page out then.
      if (attempt >= 1) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      retryTimer = setTimeout(connect, retryDelay(attempt));
      attempt += 1;
    };

    function connect() {
      if (stopped) return;
      const stream = new EventSource(EVENTS_URL, { withCredentials: true });
      source = stream;
      openTimer = setTimeout(() => {
        if (stream.readyState !== EventSource.OPEN) retryLater();
      }, LIVE_OPEN_TIMEOUT_MS);
      stream.onopen = () => {
        clearTimeout(openTimer);
        if (hasOpened) refresh();
        hasOpened = true;
        attempt = 0;
      };
      stream.onmessage = (event: MessageEvent<string>) => {
        try {
          const message = JSON.parse(event.data) as { type?: unknown };
          if (typeof message.type === 'string' && REFRESHING_EVENTS.has(message.type)) refresh();
        } catch {
          // not ours
        }
      };
      stream.onerror = () => {
        // CONNECTING: the browser reconnects by itself (onopen then refreshes). CLOSED: it gave up.
        if (stream.readyState === EventSource.CLOSED) retryLater();
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(openTimer);
      source?.close();
      source = null;
    };
  }, [queryClient]);
}
