import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import {
  DEALER_TICKET_PAGE_SIZE,
  DEFAULT_DEALER_STATUSES,
  TICKET_MESSAGES,
  type TicketKind,
  type TicketRow,
  type TicketStatus,
} from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useState } from 'react';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { RatingDialog } from '../../../components/tickets/rating-dialog';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDealerTickets, useRateTicket, useTicketForm, useTicketLiveUpdates } from '../api/tickets';
import { type CardField, TicketCards } from './ticket-cards';

// What the dealer's two ticket tabs (Sales Assist, Agent Support) share: their list of the dealer's
// own tickets at a supplier, filtered by status and server-paged, and the rating of a closed one.

/** The dealer's tickets of a kind at the supplier, with the status filter and the page. */
export function useDealerTicketList(kind: TicketKind, supplierId: number) {
  useTicketLiveUpdates();
  const pageSize = DEALER_TICKET_PAGE_SIZE[kind];
  const [statuses, setStatuses] = useState<TicketStatus[]>([...DEFAULT_DEALER_STATUSES]);
  const [pagination, setPagination] = usePageModel(pageSize);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another filter or supplier starts at the first page
  useEffect(() => setPagination((current) => ({ ...current, page: 0 })), [supplierId, statuses]);
  const form = useTicketForm(kind, supplierId);
  const tickets = useDealerTickets(kind, { supplierId, statuses, page: pagination.page + 1, pageSize });
  return { pageSize, statuses, setStatuses, pagination, setPagination, form, tickets };
}

export type DealerTicketListState = ReturnType<typeof useDealerTicketList>;

/**
 * The list itself: the form's and the list's errors, then cards on a phone or the server grid; no
 * status ticked shows nothing (and says why) rather than every ticket.
 */
export function DealerTicketList({
  list,
  label,
  columns,
  cardFields,
  actions,
  emptyText,
  noStatusText,
  gridHeight,
}: {
  list: DealerTicketListState;
  label: string;
  columns: GridColDef<TicketRow>[];
  cardFields: CardField[];
  actions: (row: TicketRow) => ReactNode;
  emptyText: string;
  noStatusText: string;
  gridHeight: number;
}) {
  const isMobile = useIsMobile();
  const { pageSize, statuses, pagination, setPagination, form, tickets } = list;
  const rows = statuses.length ? (tickets.data?.items ?? []) : [];
  const total = statuses.length ? (tickets.data?.total ?? 0) : 0;
  const empty = statuses.length ? emptyText : noStatusText;
  return (
    <>
      {form.isError ? <Alert severity="error">{errorMessage(form.error)}</Alert> : null}
      {tickets.isError ? (
        <Alert severity="error" action={<Button onClick={() => tickets.refetch()}>Retry</Button>}>
          {errorMessage(tickets.error)}
        </Alert>
      ) : null}
      {isMobile ? (
        <TicketCards
          label={label}
          rows={rows}
          total={total}
          page={pagination.page}
          pageSize={pageSize}
          onPageChange={(page) => setPagination((current) => ({ ...current, page }))}
          loading={tickets.isFetching}
          emptyText={empty}
          fields={cardFields}
          actions={actions}
        />
      ) : (
        <ServerGrid
          aria-label={label}
          total={total}
          rows={rows}
          columns={columns}
          loading={tickets.isFetching}
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[pageSize]}
          localeText={{ noRowsLabel: empty }}
          sx={{ height: gridHeight, minHeight: gridHeight }}
        />
      )}
    </>
  );
}

/** The owner's rating of a closed ticket; closes once it is saved. */
export function RateTicketDialog({
  kind,
  ticket,
  onClose,
}: {
  kind: TicketKind;
  ticket: TicketRow | null;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const rate = useRateTicket(kind);
  return (
    <RatingDialog
      open={ticket !== null}
      ticketNumber={ticket?.ticketNum ?? ''}
      submitting={rate.isPending}
      onClose={onClose}
      onSubmit={(value) => {
        if (!ticket) return;
        rate.mutate(
          { id: ticket.id, rating: value },
          {
            onSuccess: () => {
              enqueueSnackbar(TICKET_MESSAGES.rated, { variant: 'success' });
              onClose();
            },
            onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
          },
        );
      }}
    />
  );
}
