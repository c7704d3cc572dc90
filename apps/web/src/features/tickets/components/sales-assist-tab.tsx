import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import type { GridColDef } from '@mui/x-data-grid';
import { displayPhone } from '@portal/domain/people/phone';
import { formatDate } from '@portal/domain/platform/format';
import type { SupplierPage } from '@portal/domain/suppliers/supplier-page';
import {
  DEALER_TICKET_PAGE_SIZE,
  DEFAULT_DEALER_STATUSES,
  TICKET_MESSAGES,
  TICKET_STATUSES,
  type TicketRow,
  type TicketStatus,
} from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { MarkdownText } from '../../../components/markdown-text';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { RatingDialog } from '../../../components/tickets/rating-dialog';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDealerTickets, useRateTicket, useTicketForm, useTicketLiveUpdates } from '../api/tickets';
import { AddLeadDialog } from './add-lead-dialog';
import { type CardField, TicketCards } from './ticket-cards';
import { LongTextCell, RateAction, StatusChip, TicketNumberChip, ViewAction } from './ticket-parts';
import { TicketView } from './ticket-view';

const KIND = 'sales_assist';
const PAGE_SIZE = DEALER_TICKET_PAGE_SIZE[KIND];
/** Spec 2 §9: the sales assist table is 600 px high. */
const GRID_HEIGHT = 600;

const CARD_FIELDS: CardField[] = [
  { label: 'Date', value: (row) => formatDate(row.createdAt) },
  { label: 'Customer Name', value: (row) => row.customerName },
  { label: 'Phone Number', value: (row) => displayPhone(row.phoneNumber) },
  { label: 'Status Feedback', value: (row) => row.statusFeedback },
  { label: 'Feedback', value: (row) => row.feedback },
];

export const SALES_ASSIST_TEXTS = {
  notice:
    'New ticket creation here handles lead-related queries only. For any other query, please use the Agent Support tab.',
  addLead: 'Add Lead',
  empty: 'No leads to show. Add a lead to get started.',
  noStatus: 'Tick at least one status to see leads.',
} as const;

/**
 * The Sales Assist tab (spec 2 "Sales Assist tab"): the supplier's banner text, the notice, status
 * filters, Add Lead and the dealer's leads, 10 a page, with their unread dot, rating and view.
 */
export function SalesAssistTab({ supplier }: { supplier: SupplierPage }) {
  useTicketLiveUpdates();
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const [statuses, setStatuses] = useState<TicketStatus[]>([...DEFAULT_DEALER_STATUSES]);
  const [pagination, setPagination] = usePageModel(PAGE_SIZE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another filter or supplier starts at the first page
  useEffect(() => setPagination((current) => ({ ...current, page: 0 })), [supplier.id, statuses]);
  const form = useTicketForm(KIND, supplier.id);
  const tickets = useDealerTickets(KIND, {
    supplierId: supplier.id,
    statuses,
    page: pagination.page + 1,
    pageSize: PAGE_SIZE,
  });
  const rate = useRateTicket(KIND);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<TicketRow | null>(null);
  const [rating, setRating] = useState<TicketRow | null>(null);

  const columns = useMemo<GridColDef<TicketRow>[]>(
    () => [
      {
        field: 'actions',
        headerName: 'Actions',
        width: 96,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <ViewAction row={row} onView={() => setViewing(row)} />
            <RateAction row={row} onRate={() => setRating(row)} />
          </Box>
        ),
      },
      {
        field: 'ticketNum',
        headerName: 'Ticket Number',
        width: 136,
        sortable: false,
        renderCell: ({ row }) => <TicketNumberChip ticketNum={row.ticketNum} unread={row.unread} />,
      },
      {
        field: 'createdAt',
        headerName: 'Date',
        width: 104,
        sortable: false,
        valueFormatter: (value: string) => formatDate(value),
      },
      { field: 'customerName', headerName: 'Customer Name', minWidth: 140, flex: 1, sortable: false },
      {
        field: 'phoneNumber',
        headerName: 'Phone Number',
        width: 132,
        sortable: false,
        valueFormatter: (value: string | null) => displayPhone(value),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <StatusChip kind={KIND} status={row.status} />,
      },
      { field: 'statusFeedback', headerName: 'Status Feedback', minWidth: 136, flex: 1, sortable: false },
      {
        field: 'feedback',
        headerName: 'Feedback',
        minWidth: 120,
        flex: 1.5,
        sortable: false,
        renderCell: ({ row }) => <LongTextCell value={row.feedback} />,
      },
    ],
    [],
  );

  const toggle = (status: TicketStatus, on: boolean) =>
    setStatuses((current) =>
      on ? TICKET_STATUSES.filter((s) => s === status || current.includes(s)) : current.filter((s) => s !== status),
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {supplier.salesAssistText ? (
        <Alert severity="info" aria-label="Sales Assist information">
          <MarkdownText source={supplier.salesAssistText} />
        </Alert>
      ) : null}
      <Alert severity="warning" variant="outlined">
        {SALES_ASSIST_TEXTS.notice}
      </Alert>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <FormGroup row aria-label="Filter by status" role="group">
          {TICKET_STATUSES.map((status) => (
            <FormControlLabel
              key={status}
              label={status}
              control={
                <Checkbox
                  checked={statuses.includes(status)}
                  onChange={(event) => toggle(status, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          disabled={!form.data?.supplier.enabled}
          onClick={() => setAdding(true)}
        >
          {SALES_ASSIST_TEXTS.addLead}
        </Button>
      </Box>
      {form.isError ? <Alert severity="error">{errorMessage(form.error)}</Alert> : null}
      {tickets.isError ? (
        <Alert severity="error" action={<Button onClick={() => tickets.refetch()}>Retry</Button>}>
          {errorMessage(tickets.error)}
        </Alert>
      ) : null}
      {isMobile ? (
        <TicketCards
          label="Sales Assist tickets"
          rows={statuses.length ? (tickets.data?.items ?? []) : []}
          total={statuses.length ? (tickets.data?.total ?? 0) : 0}
          page={pagination.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setPagination((current) => ({ ...current, page }))}
          loading={tickets.isFetching}
          emptyText={statuses.length ? SALES_ASSIST_TEXTS.empty : SALES_ASSIST_TEXTS.noStatus}
          fields={CARD_FIELDS}
          actions={(row) => (
            <>
              <ViewAction row={row} onView={() => setViewing(row)} />
              <RateAction row={row} onRate={() => setRating(row)} />
            </>
          )}
        />
      ) : (
        <ServerGrid
          aria-label="Sales Assist tickets"
          total={statuses.length ? (tickets.data?.total ?? 0) : 0}
          rows={statuses.length ? (tickets.data?.items ?? []) : []}
          columns={columns}
          loading={tickets.isFetching}
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[PAGE_SIZE]}
          localeText={{ noRowsLabel: statuses.length ? SALES_ASSIST_TEXTS.empty : SALES_ASSIST_TEXTS.noStatus }}
          sx={{ height: GRID_HEIGHT, minHeight: GRID_HEIGHT }}
        />
      )}
      {form.data ? <AddLeadDialog open={adding} options={form.data} onClose={() => setAdding(false)} /> : null}
      <TicketView
        kind={KIND}
        ticketId={viewing?.id ?? null}
        ticketNum={viewing?.ticketNum}
        onClose={() => setViewing(null)}
      />
      <RatingDialog
        open={rating !== null}
        ticketNumber={rating?.ticketNum ?? ''}
        submitting={rate.isPending}
        onClose={() => setRating(null)}
        onSubmit={(value) => {
          if (!rating) return;
          rate.mutate(
            { id: rating.id, rating: value },
            {
              onSuccess: () => {
                enqueueSnackbar(TICKET_MESSAGES.rated, { variant: 'success' });
                setRating(null);
              },
              onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
            },
          );
        }}
      />
    </Box>
  );
}
