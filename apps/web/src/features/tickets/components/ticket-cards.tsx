import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { TicketRow } from '@portal/domain/tickets/tickets';
import type { ReactNode } from 'react';
import { StatusChip, TicketNumberChip } from './ticket-parts';

export interface CardField {
  label: string;
  value: (row: TicketRow) => ReactNode;
}

interface TicketCardsProps {
  label: string;
  rows: readonly TicketRow[];
  total: number;
  /** 0-based, as the grid counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  emptyText: string;
  fields: readonly CardField[];
  actions: (row: TicketRow) => ReactNode;
}

/** A phone's view of a ticket table: one card a ticket, the same actions, the same pages. */
export function TicketCards({
  label,
  rows,
  total,
  page,
  pageSize,
  onPageChange,
  loading,
  emptyText,
  fields,
  actions,
}: TicketCardsProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Box>
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label="Loading tickets" /> : null}</Box>
      {rows.length === 0 && !loading ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {emptyText}
        </Typography>
      ) : (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((row) => (
            <Card key={row.id} component="li" variant="outlined" aria-label={row.ticketNum}>
              <CardContent sx={{ display: 'grid', gap: 1, pb: '12px !important' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <TicketNumberChip ticketNum={row.ticketNum} unread={row.unread} />
                  <StatusChip kind={row.kind} status={row.status} />
                  <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center' }}>{actions(row)}</Box>
                </Box>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto minmax(0, 1fr)',
                    columnGap: 1.5,
                    rowGap: 0.5,
                  }}
                >
                  {fields.map((field) => (
                    <Box key={field.label} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: '2px' }}>
                        {field.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {field.value(row) || '-'}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      {pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={pages} page={page + 1} onChange={(_, value) => onPageChange(value - 1)} />
        </Box>
      ) : null}
    </Box>
  );
}
