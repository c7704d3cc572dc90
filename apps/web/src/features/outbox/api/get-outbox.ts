import { OutboxPage, type OutboxQuery } from '@portal/domain/outbox/outbox';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type OutboxFilters = Pick<OutboxQuery, 'page' | 'pageSize' | 'channel' | 'recipient'>;

/** Spec 1 §9 / ARCHITECTURE: admins watch local mail and SMS land here; it refreshes every 5 seconds. */
export const OUTBOX_REFRESH_MS = 5_000;

export const outboxKeys = {
  all: ['outbox'] as const,
  page: (filters: OutboxFilters) => ['outbox', filters] as const,
};

export function getOutbox(filters: OutboxFilters, signal?: AbortSignal): Promise<OutboxPage> {
  return api('/api/outbox', { query: { ...filters }, schema: OutboxPage, signal });
}

export function useOutbox(filters: OutboxFilters) {
  return useQuery({
    queryKey: outboxKeys.page(filters),
    queryFn: ({ signal }) => getOutbox(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: OUTBOX_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
