import {
  ALERT_POLL_MS,
  type AlertStatusFilter,
  type NewAlertRequest,
  NewAlertResult,
  RecipientOptionList,
  SegmentChoices,
  SentAlert,
  SentAlertList,
  UnreadCount,
  type UpdateAlertRequest,
  UserAlertList,
} from '@portal/domain/alerts/alerts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { RECONNECTED, subscribeToLiveEvents } from '../../../lib/live-events';

export const alertKeys = {
  all: ['alerts'] as const,
  unread: ['alerts', 'unread'] as const,
  inbox: (userId: number) => ['alerts', 'inbox', userId] as const,
  sent: (status: AlertStatusFilter) => ['alerts', 'sent', status] as const,
  sentOne: (id: number) => ['alerts', 'sent-one', id] as const,
  recipients: (search: string, ids: string) => ['alerts', 'recipients', search, ids] as const,
  segments: ['alerts', 'segments'] as const,
};

/** The bell badge; polled every 5 minutes (spec 2 §9) as a fallback to the live stream. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.unread,
    queryFn: ({ signal }) => api('/api/alerts/unread-count', { schema: UnreadCount, signal }),
    enabled,
    refetchInterval: ALERT_POLL_MS,
  });
}

/** The signed-in user's alerts (spec 2 §7 for-user); polled every 5 minutes while `poll`. */
export function useInbox(userId: number, enabled: boolean, poll = false) {
  return useQuery({
    queryKey: alertKeys.inbox(userId),
    queryFn: ({ signal }) => api('/api/alerts/for-user', { query: { user_id: userId }, schema: UserAlertList, signal }),
    enabled,
    refetchInterval: poll ? ALERT_POLL_MS : false,
  });
}

function useInvalidateAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
}

export function useMarkAlert(userId: number) {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ alertId, seen }: { alertId: number; seen: boolean }) =>
      api(seen ? '/api/alerts/mark-read' : '/api/alerts/mark-unread', {
        method: 'POST',
        body: { user_id: userId, alert_id: alertId },
      }),
    onSettled: invalidate,
  });
}

export function useMarkAllRead() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: () => api('/api/alerts/mark-all-read', { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useDismissPopup() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: (alertIds: number[]) =>
      Promise.all(alertIds.map((id) => api(`/api/alerts/${id}/dismiss-popup`, { method: 'POST' }))),
    onSettled: invalidate,
  });
}

export function useSentAlerts(status: AlertStatusFilter) {
  return useQuery({
    queryKey: alertKeys.sent(status),
    queryFn: ({ signal }) => api('/api/alerts/mine', { query: { status }, schema: SentAlertList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSentAlert(id: number) {
  return useQuery({
    queryKey: alertKeys.sentOne(id),
    queryFn: ({ signal }) => api(`/api/alerts/${id}/sent`, { schema: SentAlert, signal }),
  });
}

export function useCreateAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: (body: NewAlertRequest) =>
      api('/api/alerts/new-alert', { method: 'POST', body, schema: NewAlertResult }),
    onSettled: invalidate,
  });
}

export function useUpdateAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: (body: UpdateAlertRequest) =>
      api('/api/alerts/update-alert', { method: 'PUT', body, schema: SentAlert }),
    onSettled: invalidate,
  });
}

/** Users the sender may address (the server limits leaders to their downstream). */
export function useRecipientOptions(search: string, ids: number[] = []) {
  const idList = ids.join(',');
  return useQuery({
    queryKey: alertKeys.recipients(search, idList),
    queryFn: ({ signal }) =>
      api('/api/alerts/recipients', {
        query: { search, ids: idList || undefined },
        schema: RecipientOptionList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSegmentChoices(enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.segments,
    queryFn: ({ signal }) => api('/api/alerts/segment-choices', { schema: SegmentChoices, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

const LIVE_TYPES = new Set(['alerts.created', 'alerts.changed', 'alerts.read', 'events.resync', RECONNECTED]);

/**
 * New alerts arrive over the page's events stream (spec 2 "delivered live"): on an alerts event,
 * or after the stream was lost and opened again, the count and lists are read again.
 */
export function useLiveAlerts(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeToLiveEvents((event) => {
      if (LIVE_TYPES.has(event.type)) void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    });
  }, [enabled, queryClient]);
}
