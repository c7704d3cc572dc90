import Chip from '@mui/material/Chip';
import { statusChipLabel } from '@portal/domain/teams/team-list';

/** Spec 1 §4: Active / Inactive / Deleted / Unknown, in the primary colour only when active. */
export function StatusChip({ statusId }: { statusId: number }) {
  const active = statusId === 2;
  return (
    <Chip
      size="small"
      label={statusChipLabel(statusId)}
      color={active ? 'primary' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}

export function YesNoChip({ value, label }: { value: boolean; label: string }) {
  return (
    <Chip
      size="small"
      label={value ? 'Yes' : 'No'}
      aria-label={`${label}: ${value ? 'Yes' : 'No'}`}
      color={value ? 'success' : 'default'}
      variant={value ? 'filled' : 'outlined'}
    />
  );
}
