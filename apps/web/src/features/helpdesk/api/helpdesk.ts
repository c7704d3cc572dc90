import { CatalogueReferences } from '@portal/domain/catalogue/suppliers';
import {
  AdminTicketPage,
  type AdminTicketRow,
  type AdminTicketUpdate,
  CannedReplyList,
  type CannedReplyRequest,
  FilledCannedReply,
  type MessageRequest,
  SupportStatusList,
  type SupportStatusRequest,
  TICKET_EVENTS,
  TICKET_ROUTES,
  TicketDetail,
  TicketEventData,
  TicketFileList,
  type TicketKind,
  TicketSla,
  type TicketSlaRequest,
  TicketThread,
  ticketPath,
} from '@portal/domain/tickets/tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { RECONNECTED, subscribeToLiveEvents } from '../../../lib/live-events';
import type { ConsoleFilterState } from '../components/console-filters';

export type { TicketKind };
export type ConsoleRow = AdminTicketRow;

export const helpdeskKeys = {
  all: ['helpdesk'] as const,
  kind: (kind: TicketKind) => ['helpdesk', kind] as const,
  list: (kind: TicketKind, query: unknown) => ['helpdesk', kind, 'list', query] as const,
  ticket: (kind: TicketKind, id: number) => ['helpdesk', kind, 'ticket', id] as const,
  thread: (kind: TicketKind, id: number) => ['helpdesk', kind, 'ticket', id, 'thread'] as const,
  files: (kind: TicketKind, id: number) => ['helpdesk', kind, 'ticket', id, 'files'] as const,
  statuses: (kind: TicketKind, supplierId?: number | null) =>
    ['helpdesk', kind, 'statuses', supplierId ?? 'all'] as const,
  canned: (kind: TicketKind) => ['helpdesk', kind, 'canned'] as const,
  sla: (kind: TicketKind) => ['helpdesk', kind, 'sla'] as const,
};

export interface ConsoleQuery {
  filters: ConsoleFilterState;
  page: number;
  pageSize: number;
  /** Most urgent first (the server sorts by time left); otherwise newest first. */
  sortByTimeLeft?: boolean;
}

/** The grid's filters as the server's query string (AdminTicketsQuery). */
export function consoleQueryString({ filters, page, pageSize, sortByTimeLeft }: ConsoleQuery) {
  return {
    status: filters.statuses.join(','),
    me: filters.me || undefined,
    today: filters.today || undefined,
    notUpdatedToday: filters.notUpdatedToday || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    supplierId: filters.supplierId || undefined,
    search: filters.search || undefined,
    sort: sortByTimeLeft ? 'timeLeft' : undefined,
    page,
    pageSize,
  };
}

export function useConsolePage(kind: TicketKind, query: ConsoleQuery) {
  const params = consoleQueryString(query);
  return useQuery({
    queryKey: helpdeskKeys.list(kind, params),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.adminList, { kind }), { query: params, schema: AdminTicketPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every live supplier, for the supplier filter and the edit form. */
export function useConsoleSuppliers() {
  return useQuery({
    queryKey: ['helpdesk', 'suppliers'],
    queryFn: ({ signal }) => api('/api/catalogue/references', { schema: CatalogueReferences, signal }),
    select: (references) => references.suppliers.map(({ id, name }) => ({ id, name })),
    staleTime: 5 * 60_000,
  });
}

export function useTicket(kind: TicketKind, id: number | undefined) {
  return useQuery({
    queryKey: helpdeskKeys.ticket(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.detail, { kind, id: id ?? 0 }), { schema: TicketDetail, signal }),
    enabled: id !== undefined,
  });
}

/** The thread; reading it marks it read for the helpdesk, so the grid's unread flags change too. */
export function useTicketThread(kind: TicketKind, id: number | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: helpdeskKeys.thread(kind, id ?? 0),
    queryFn: async ({ signal }) => {
      const thread = await api(ticketPath(TICKET_ROUTES.activity, { kind, id: id ?? 0 }), {
        schema: TicketThread,
        signal,
      });
      if (thread.items.some((item) => item.wasUnread)) {
        void queryClient.invalidateQueries({ queryKey: [...helpdeskKeys.kind(kind), 'list'] });
      }
      return thread;
    },
    enabled: id !== undefined,
  });
}

export function useTicketFiles(kind: TicketKind, id: number | undefined) {
  return useQuery({
    queryKey: helpdeskKeys.files(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.files, { kind, id: id ?? 0 }), { schema: TicketFileList, signal }),
    enabled: id !== undefined,
  });
}

export function useSendMessage(kind: TicketKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageRequest) =>
      api(ticketPath(TICKET_ROUTES.activity, { kind, id }), { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: helpdeskKeys.ticket(kind, id) }),
        queryClient.invalidateQueries({ queryKey: [...helpdeskKeys.kind(kind), 'list'] }),
      ]),
  });
}

/** Attaches files already uploaded (POST /api/files, purpose ticket_document) to the ticket. */
export function useAttachFiles(kind: TicketKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) =>
      api(ticketPath(TICKET_ROUTES.files, { kind, id }), { method: 'POST', body: { fileIds } }),
    // The ticket's files and its thread (which notes the upload) are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.ticket(kind, id) }),
  });
}

export function useUpdateTicket(kind: TicketKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTicketUpdate) =>
      api(ticketPath(TICKET_ROUTES.adminTicket, { kind, id }), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.kind(kind) }),
  });
}

export function useDeleteTicket(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(ticketPath(TICKET_ROUTES.adminTicket, { kind, id }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...helpdeskKeys.kind(kind), 'list'] }),
  });
}

export function useMarkUnread(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(ticketPath(TICKET_ROUTES.adminMarkUnread, { kind, id }), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...helpdeskKeys.kind(kind), 'list'] }),
  });
}

/** The kind's support statuses: a supplier's own and those for all suppliers, or (no supplier) every one. */
export function useSupportStatuses(
  kind: TicketKind,
  options: { supplierId?: number | null; includeInactive?: boolean } = {},
) {
  const { supplierId, includeInactive } = options;
  return useQuery({
    queryKey: [...helpdeskKeys.statuses(kind, supplierId), includeInactive ?? false],
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.statuses, { kind }), {
        query: { supplierId: supplierId ?? undefined, includeInactive: includeInactive || undefined },
        schema: SupportStatusList,
        signal,
      }),
    enabled: supplierId !== null,
  });
}

export function useSaveSupportStatus(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: SupportStatusRequest }) =>
      id === undefined
        ? api(ticketPath(TICKET_ROUTES.statuses, { kind }), { method: 'POST', body })
        : api(ticketPath(TICKET_ROUTES.status, { kind, statusId: id }), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...helpdeskKeys.kind(kind), 'statuses'] }),
  });
}

export function useDeactivateSupportStatus(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(ticketPath(TICKET_ROUTES.status, { kind, statusId: id }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...helpdeskKeys.kind(kind), 'statuses'] }),
  });
}

export function useCannedReplies(kind: TicketKind) {
  return useQuery({
    queryKey: helpdeskKeys.canned(kind),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.cannedReplies, { kind }), { schema: CannedReplyList, signal }),
  });
}

export function useSaveCannedReply(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: CannedReplyRequest }) =>
      id === undefined
        ? api(ticketPath(TICKET_ROUTES.cannedReplies, { kind }), { method: 'POST', body })
        : api(ticketPath(TICKET_ROUTES.cannedReply, { kind, replyId: id }), { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.canned(kind) }),
  });
}

export function useDeleteCannedReply(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(ticketPath(TICKET_ROUTES.cannedReply, { kind, replyId: id }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.canned(kind) }),
  });
}

/** A canned reply with the ticket's variables filled in by the server. */
export function fetchFilledReply(kind: TicketKind, id: number, replyId: number) {
  return api(ticketPath(TICKET_ROUTES.adminCannedReplyFor, { kind, id, replyId }), { schema: FilledCannedReply });
}

export function useTicketSla(kind: TicketKind) {
  return useQuery({
    queryKey: helpdeskKeys.sla(kind),
    queryFn: ({ signal }) => api(ticketPath(TICKET_ROUTES.sla, { kind }), { schema: TicketSla, signal }),
  });
}

export function useSaveTicketSla(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketSlaRequest) =>
      api(ticketPath(TICKET_ROUTES.sla, { kind }), { method: 'PUT', body, schema: TicketSla }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpdeskKeys.kind(kind) }),
  });
}

/**
 * Spec 3 §7.1: the console follows activity live and refreshes the grid silently (the rows stay
 * while the new page loads); an open ticket re-reads its thread and details. After a lost stream
 * everything is read again, since events may have been missed.
 */
export function useHelpdeskLive(kind: TicketKind): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToLiveEvents((event) => {
        if (event.type === RECONNECTED) {
          void queryClient.invalidateQueries({ queryKey: helpdeskKeys.kind(kind) });
          return;
        }
        if (event.type !== TICKET_EVENTS.activity && event.type !== TICKET_EVENTS.changed) return;
        const data = TicketEventData.safeParse(event.data);
        if (!data.success || data.data.kind !== kind) return;
        void queryClient.invalidateQueries({ queryKey: [...helpdeskKeys.kind(kind), 'list'] });
        void queryClient.invalidateQueries({ queryKey: helpdeskKeys.ticket(kind, data.data.ticketId) });
      }),
    [kind, queryClient],
  );
}
