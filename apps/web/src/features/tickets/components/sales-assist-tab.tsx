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
import { TICKET_STATUSES, type TicketRow, type TicketStatus } from '@portal/domain/tickets/tickets';
import { useMemo, useState } from 'react';
import { MarkdownText } from '../../../components/markdown-text';
import { AddLeadDialog } from './add-lead-dialog';
import { DealerTicketList, RateTicketDialog, useDealerTicketList } from './dealer-ticket-list';
import type { CardField } from './ticket-cards';
import { LongTextCell, RateAction, StatusChip, TicketNumberChip, ViewAction } from './ticket-parts';
import { TicketView } from './ticket-view';

const KIND = 'sales_assist';
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
  const list = useDealerTicketList(KIND, supplier.id);
  const { statuses, setStatuses, form } = list;
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
      <DealerTicketList
        list={list}
        label="Sales Assist tickets"
        columns={columns}
        cardFields={CARD_FIELDS}
        actions={(row) => (
          <>
            <ViewAction row={row} onView={() => setViewing(row)} />
            <RateAction row={row} onRate={() => setRating(row)} />
          </>
        )}
        emptyText={SALES_ASSIST_TEXTS.empty}
        noStatusText={SALES_ASSIST_TEXTS.noStatus}
        gridHeight={GRID_HEIGHT}
      />
      {form.data ? <AddLeadDialog open={adding} options={form.data} onClose={() => setAdding(false)} /> : null}
      <TicketView
        kind={KIND}
        ticketId={viewing?.id ?? null}
        ticketNum={viewing?.ticketNum}
        onClose={() => setViewing(null)}
      />
      <RateTicketDialog kind={KIND} ticket={rating} onClose={() => setRating(null)} />
    </Box>
  );
}
