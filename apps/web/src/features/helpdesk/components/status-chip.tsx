import Chip from '@mui/material/Chip';

/** Spec 3 §4.3: New primary, In Progress secondary, anything else default. */
export function statusColor(status: string): 'primary' | 'secondary' | 'default' {
  if (status === 'Open') return 'primary';
  if (status === 'In Progress') return 'secondary';
  return 'default';
}

export function StatusChip({ status, label }: { status: string; label: string }) {
  return <Chip size="small" color={statusColor(status)} label={label} />;
}
