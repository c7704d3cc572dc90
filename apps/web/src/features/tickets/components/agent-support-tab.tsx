import AddRoundedIcon from '@mui/icons-material/AddRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
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
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { RatingDialog } from '../../../components/tickets/rating-dialog';
import type { TicketViewTab } from '../../../components/tickets/ticket-view-dialog';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDealerTickets, useRateTicket, useTicketForm, useTicketLiveUpdates } from '../api/tickets';
import { NewTicketDialog } from './new-ticket-dialog';
import { type CardField, TicketCards } from './ticket-cards';
import { RateAction, StatusChip, TicketNumberChip, ViewAction } from './ticket-parts';
import { TicketView } from './ticket-view';

const KIND = 'agent_support';
const PAGE_SIZE = DEALER_TICKET_PAGE_SIZE[KIND];
const GRID_HEIGHT = 520;

export const AGENT_SUPPORT_TEXTS = {
  title: 'Agent Support Tickets',
  newTicket: 'New Ticket',
  filter: 'Filter by status',
  empty: 'No support tickets yet. Raise one with New Ticket.',
  noStatus: 'Choose at least one status to see tickets.',
} as const;

const dash = (value: string | null) => value || '-';

const CARD_FIELDS: CardField[] = [
  { label: 'Created', value: (row) => formatDate(row.createdAt) },
  { label: 'Category', value: (row) => row.category },
  { label: 'Status Feedback', value: (row) => dash(row.statusFeedback) },
  { label: 'Supplier Ticket', value: (row) => row.supplierTicketNumber },
  { label: 'User Note', value: (row) => row.userNote },
];

/**
 * The Agent Support tab (spec 2 "Agent Support tab"): the dealer's support tickets for the
 * supplier, 7 a page, filtered by status, with New Ticket, the ticket view and the rating.
 */
export function AgentSupportTab({ supplier }: { supplier: SupplierPage }) {
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
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<{ row: TicketRow; tab: TicketViewTab } | null>(null);
  const [rating, setRating] = useState<TicketRow | null>(null);

  const rowActions = (row: TicketRow) => (
    <>
      <ViewAction row={row} onView={() => setViewing({ row, tab: 'activity' })} />
      {row.status !== 'Closed' ? (
        <Tooltip title="Upload documents">
          <IconButton
            size="small"
            aria-label={`Upload documents to ${row.ticketNum}`}
            onClick={() => setViewing({ row, tab: 'documents' })}
          >
            <UploadFileRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      <RateAction row={row} onRate={() => setRating(row)} />
    </>
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the actions only open dialogs (state setters)
  const columns = useMemo<GridColDef<TicketRow>[]>(
    () => [
      {
        field: 'actions',
        headerName: 'View/Upload',
        width: 132,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>{rowActions(row)}</Box>
        ),
      },
      {
        field: 'ticketNum',
        headerName: 'Ticket #',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <TicketNumberChip ticketNum={row.ticketNum} unread={row.unread} />,
      },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 110,
        sortable: false,
        valueFormatter: (value: string) => formatDate(value),
      },
      { field: 'category', headerName: 'Category', minWidth: 150, flex: 1, sortable: false },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <StatusChip kind={KIND} status={row.status} />,
      },
      {
        field: 'statusFeedback',
        headerName: 'Status Feedback',
        minWidth: 150,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => dash(value),
      },
      { field: 'supplierTicketNumber', headerName: 'Supplier Ticket', width: 140, sortable: false },
      { field: 'userNote', headerName: 'User Note', minWidth: 180, flex: 1.5, sortable: false },
    ],
    [],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {AGENT_SUPPORT_TEXTS.title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={AGENT_SUPPORT_TEXTS.filter}
            value={statuses}
            sx={{ minWidth: 220 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (selected as TicketStatus[]).join(', ') || 'None',
              },
            }}
            onChange={(event) => {
              const picked = event.target.value as unknown as TicketStatus[];
              setStatuses(TICKET_STATUSES.filter((status) => picked.includes(status)));
            }}
          >
            {TICKET_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                <Checkbox size="small" checked={statuses.includes(status)} sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={status} />
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!form.data?.supplier.enabled}
            onClick={() => setCreating(true)}
          >
            {AGENT_SUPPORT_TEXTS.newTicket}
          </Button>
        </Box>
      </Box>
      {form.isError ? <Alert severity="error">{errorMessage(form.error)}</Alert> : null}
      {tickets.isError ? (
        <Alert severity="error" action={<Button onClick={() => tickets.refetch()}>Retry</Button>}>
          {errorMessage(tickets.error)}
        </Alert>
      ) : null}
      {isMobile ? (
        <TicketCards
          label={AGENT_SUPPORT_TEXTS.title}
          rows={statuses.length ? (tickets.data?.items ?? []) : []}
          total={statuses.length ? (tickets.data?.total ?? 0) : 0}
          page={pagination.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => setPagination((current) => ({ ...current, page }))}
          loading={tickets.isFetching}
          emptyText={statuses.length ? AGENT_SUPPORT_TEXTS.empty : AGENT_SUPPORT_TEXTS.noStatus}
          fields={CARD_FIELDS}
          actions={(row) => rowActions(row)}
        />
      ) : (
        <ServerGrid
          aria-label={AGENT_SUPPORT_TEXTS.title}
          total={statuses.length ? (tickets.data?.total ?? 0) : 0}
          rows={statuses.length ? (tickets.data?.items ?? []) : []}
          columns={columns}
          loading={tickets.isFetching}
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[PAGE_SIZE]}
          localeText={{ noRowsLabel: statuses.length ? AGENT_SUPPORT_TEXTS.empty : AGENT_SUPPORT_TEXTS.noStatus }}
          sx={{ height: GRID_HEIGHT, minHeight: GRID_HEIGHT }}
        />
      )}
      {form.data ? <NewTicketDialog open={creating} options={form.data} onClose={() => setCreating(false)} /> : null}
      <TicketView
        kind={KIND}
        ticketId={viewing?.row.id ?? null}
        ticketNum={viewing?.row.ticketNum}
        initialTab={viewing?.tab}
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
