import StarRateRoundedIcon from '@mui/icons-material/StarRateRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TicketKind, TicketRow, TicketStatus } from '@portal/domain/tickets/tickets';
import { statusLabel } from '@portal/domain/tickets/tickets';
import { RatedIcon } from '../../../components/tickets/rating';

/**
 * Status chip colours. Sales assist (spec 2): Open, In Progress, Closed and any other each differ.
 * Agent support: New is primary, In Progress secondary, else default.
 */
export function statusColor(kind: TicketKind, status: TicketStatus | string): ChipProps['color'] {
  if (kind === 'agent_support') {
    if (status === 'Open') return 'primary';
    return status === 'In Progress' ? 'secondary' : 'default';
  }
  switch (status) {
    case 'Open':
      return 'info';
    case 'In Progress':
      return 'warning';
    case 'Closed':
      return 'success';
    default:
      return 'default';
  }
}

export function StatusChip({ kind, status }: { kind: TicketKind; status: TicketStatus }) {
  return <Chip size="small" label={statusLabel(kind, status)} color={statusColor(kind, status)} />;
}

/** The ticket number, highlighted while the ticket has unread activity. */
export function TicketNumberChip({ ticketNum, unread }: { ticketNum: string; unread: boolean }) {
  return (
    <Chip
      size="small"
      label={ticketNum}
      color={unread ? 'error' : 'default'}
      variant={unread ? 'filled' : 'outlined'}
      aria-label={unread ? `${ticketNum}, unread` : ticketNum}
      sx={{ fontWeight: unread ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
    />
  );
}

/** View (with a dot while unread), then Rate service on a closed unrated ticket, or the rated icon. */
export function ViewAction({ row, onView }: { row: TicketRow; onView: () => void }) {
  return (
    <Tooltip title="View ticket">
      <IconButton aria-label={`View ${row.ticketNum}`} onClick={onView} size="small">
        <Badge color="error" variant="dot" invisible={!row.unread} overlap="circular">
          <VisibilityRoundedIcon fontSize="small" />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

export function RateAction({ row, onRate }: { row: TicketRow; onRate: () => void }) {
  if (row.rating) return <RatedIcon rating={row.rating} />;
  if (row.status !== 'Closed') return null;
  return (
    <Tooltip title="Rate service">
      <IconButton aria-label={`Rate service ${row.ticketNum}`} onClick={onRate} size="small" color="secondary">
        <StarRateRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A long text in a table cell: cut to the cell, whole on hover. */
export function LongTextCell({ value }: { value: string | null }) {
  if (!value) return null;
  return (
    <Box
      component="span"
      title={value}
      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {value}
    </Box>
  );
}
