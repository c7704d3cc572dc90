import AddRoundedIcon from '@mui/icons-material/AddRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
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
import { TICKET_STATUSES, type TicketRow, type TicketStatus } from '@portal/domain/tickets/tickets';
import { useMemo, useState } from 'react';
import type { TicketViewTab } from '../../../components/tickets/ticket-view-dialog';
import { DealerTicketList, RateTicketDialog, useDealerTicketList } from './dealer-ticket-list';
import { NewTicketDialog } from './new-ticket-dialog';
import type { CardField } from './ticket-cards';
import { LongTextCell, RateAction, StatusChip, TicketNumberChip, ViewAction } from './ticket-parts';
import { TicketView } from './ticket-view';

const KIND = 'agent_support';
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
  const list = useDealerTicketList(KIND, supplier.id);
  const { statuses, setStatuses, form } = list;
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
        width: 116,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>{rowActions(row)}</Box>
        ),
      },
      {
        field: 'ticketNum',
        headerName: 'Ticket #',
        width: 104,
        sortable: false,
        renderCell: ({ row }) => <TicketNumberChip ticketNum={row.ticketNum} unread={row.unread} />,
      },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 104,
        sortable: false,
        valueFormatter: (value: string) => formatDate(value),
      },
      { field: 'category', headerName: 'Category', minWidth: 130, flex: 1, sortable: false },
      {
        field: 'status',
        headerName: 'Status',
        width: 116,
        sortable: false,
        renderCell: ({ row }) => <StatusChip kind={KIND} status={row.status} />,
      },
      {
        field: 'statusFeedback',
        headerName: 'Status Feedback',
        minWidth: 130,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => dash(value),
      },
      { field: 'supplierTicketNumber', headerName: 'Supplier Ticket', width: 124, sortable: false },
      {
        field: 'userNote',
        headerName: 'User Note',
        minWidth: 130,
        flex: 1.5,
        sortable: false,
        renderCell: ({ row }) => <LongTextCell value={row.userNote} />,
      },
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
            sx={{ width: { xs: '100%', sm: 260 } }}
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
      <DealerTicketList
        list={list}
        label={AGENT_SUPPORT_TEXTS.title}
        columns={columns}
        cardFields={CARD_FIELDS}
        actions={rowActions}
        emptyText={AGENT_SUPPORT_TEXTS.empty}
        noStatusText={AGENT_SUPPORT_TEXTS.noStatus}
        gridHeight={GRID_HEIGHT}
      />
      {form.data ? <NewTicketDialog open={creating} options={form.data} onClose={() => setCreating(false)} /> : null}
      <TicketView
        kind={KIND}
        ticketId={viewing?.row.id ?? null}
        ticketNum={viewing?.row.ticketNum}
        initialTab={viewing?.tab}
        onClose={() => setViewing(null)}
      />
      <RateTicketDialog kind={KIND} ticket={rating} onClose={() => setRating(null)} />
    </Box>
  );
}
