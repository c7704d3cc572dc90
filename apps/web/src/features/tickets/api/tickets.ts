import {
  type CreateLeadRequest,
  type CreateSupportTicketRequest,
  DealerTicketPage,
  type MessageRequest,
  type RatingRequest,
  TICKET_EVENTS,
  TICKET_ROUTES,
  TicketCreated,
  TicketDetail,
  TicketEventData,
  TicketFileList,
  TicketFormOptions,
  type TicketKind,
  type TicketStatus,
  TicketThread,
  ticketPath,
} from '@portal/domain/tickets/tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { RECONNECTED, subscribeToLiveEvents } from '../../../lib/live-events';

// The dealer's side of the ticket engine (spec 2 "Sales Assist tab", "Agent Support tab").

interface ListFilter {
  supplierId: number;
  statuses: readonly TicketStatus[];
  page: number;
  pageSize: number;
}

export const ticketKeys = {
  all: ['tickets'] as const,
  kind: (kind: TicketKind) => ['tickets', kind] as const,
  form: (kind: TicketKind, supplierId: number) => ['tickets', kind, 'form', supplierId] as const,
  lists: (kind: TicketKind) => ['tickets', kind, 'list'] as const,
  list: (kind: TicketKind, filter: ListFilter) => ['tickets', kind, 'list', filter] as const,
  ticket: (kind: TicketKind, id: number) => ['tickets', kind, 'ticket', id] as const,
  detail: (kind: TicketKind, id: number) => ['tickets', kind, 'ticket', id, 'detail'] as const,
  activity: (kind: TicketKind, id: number) => ['tickets', kind, 'ticket', id, 'activity'] as const,
  files: (kind: TicketKind, id: number) => ['tickets', kind, 'ticket', id, 'files'] as const,
};

/** Add Lead / New Ticket options for a supplier: its instructions, payment types, pattern and categories. */
export function useTicketForm(kind: TicketKind, supplierId: number) {
  return useQuery({
    queryKey: ticketKeys.form(kind, supplierId),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.form, { kind }), { query: { supplierId }, schema: TicketFormOptions, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The dealer's own tickets of a kind for a supplier, one server page at a time. */
export function useDealerTickets(kind: TicketKind, filter: ListFilter) {
  return useQuery({
    queryKey: ticketKeys.list(kind, filter),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.list, { kind }), {
        query: {
          supplierId: filter.supplierId,
          status: filter.statuses.join(','),
          page: filter.page,
          pageSize: filter.pageSize,
        },
        schema: DealerTicketPage,
        signal,
      }),
    // No status ticked: nothing to show, nothing to ask (an empty status list would mean 'all').
    enabled: filter.statuses.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lead: CreateLeadRequest) =>
      api(TICKET_ROUTES.createLead, { method: 'POST', body: lead, schema: TicketCreated }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.lists('sales_assist') }),
  });
}

export function useCreateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: CreateSupportTicketRequest) =>
      api(TICKET_ROUTES.createSupport, { method: 'POST', body: ticket, schema: TicketCreated }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.lists('agent_support') }),
  });
}

export function useTicketDetail(kind: TicketKind, id: number | null) {
  return useQuery({
    queryKey: ticketKeys.detail(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.detail, { kind, id: id ?? 0 }), { schema: TicketDetail, signal }),
    enabled: id !== null,
  });
}

/**
 * The ticket's thread. Reading it marks it read for the viewer (spec 2 §4 "Read tracking"), so
 * when something was unread the lists' unread dots are asked for again.
 */
export function useTicketActivity(kind: TicketKind, id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ticketKeys.activity(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.activity, { kind, id: id ?? 0 }), { schema: TicketThread, signal }),
    enabled: id !== null,
  });
  const data = query.data;
  useEffect(() => {
    if (id === null || !data?.items.some((item) => item.wasUnread)) return;
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists(kind) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(kind, id) });
  }, [data, queryClient, kind, id]);
  return query;
}

export function useSendMessage(kind: TicketKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: MessageRequest) =>
      api(ticketPath(TICKET_ROUTES.activity, { kind, id }), { method: 'POST', body: message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.activity(kind, id) }),
  });
}

export function useTicketFiles(kind: TicketKind, id: number | null) {
  return useQuery({
    queryKey: ticketKeys.files(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api(ticketPath(TICKET_ROUTES.files, { kind, id: id ?? 0 }), { schema: TicketFileList, signal }),
    enabled: id !== null,
  });
}

/** Attaches files already uploaded (POST /api/files, purpose ticket_document) to the ticket. */
export function useAttachFiles(kind: TicketKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) =>
      api(ticketPath(TICKET_ROUTES.files, { kind, id }), { method: 'POST', body: { fileIds } }),
    // The upload also writes 'New file uploaded to ticket' in the thread.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(kind, id) }),
  });
}

export function useRateTicket(kind: TicketKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rating }: { id: number; rating: RatingRequest }) =>
      api(ticketPath(TICKET_ROUTES.rating, { kind, id }), { method: 'POST', body: rating }),
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists(kind) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(kind, id) }),
      ]),
  });
}

/**
 * Spec 2 §4 "Lists refresh live when activity rows change": on a ticket event (ids only) the
 * lists of that kind and that ticket's view are read again, so a helpdesk reply shows without a
 * reload. After a lost stream every ticket query is, since events may have been missed.
 */
export function useTicketLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToLiveEvents((event) => {
        if (event.type === RECONNECTED || event.type === 'events.resync') {
          void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
          return;
        }
        if (event.type !== TICKET_EVENTS.activity && event.type !== TICKET_EVENTS.changed) return;
        const data = TicketEventData.safeParse(event.data);
        if (!data.success) {
          void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
          return;
        }
        const { kind, ticketId } = data.data;
        void queryClient.invalidateQueries({ queryKey: ticketKeys.lists(kind) });
        void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(kind, ticketId) });
      }),
    [queryClient],
  );
}
