import Chip from '@mui/material/Chip';
import { requestStatusLabel } from '@portal/domain/approvals/approvals';

const COLOURS: Record<number, 'warning' | 'success' | 'error' | 'default'> = { 1: 'warning', 2: 'success', 5: 'error' };

/** Pending (1), Approved (2), Declined (5) (spec 1 §2.11a). */
export function RequestStatusChip({ status }: { status: number }) {
  return <Chip size="small" color={COLOURS[status] ?? 'default'} label={requestStatusLabel(status)} />;
}
