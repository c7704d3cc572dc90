import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  BULK_SELECTION_CAP,
  BULK_STATUS_ACTIONS,
  type BulkStatusAction,
  bulkResultMessage,
} from '@portal/domain/teams/bulk-status';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { StepUpDialog, stepUpRefusal } from '../../../components/step-up-dialog';
import { errorMessage } from '../../../lib/api';
import { useBulkStatus } from '../api/bulk-status';

export const BULK_STATUS_PASSWORD_HELP = "Your own password. Needed to change users' status";

interface BulkStatusBarProps {
  selectedIds: number[];
  onDone: () => void;
}

/**
 * Bulk update of the selected rows (spec 1 §2.8; docs/decisions/006-bulk-team-actions.md). Only an
 * active Trainer is paid the leader commission on their team's sales, so the confirmation asks for
 * the admin's own password (step-up, decision 076).
 */
export function BulkStatusBar({ selectedIds, onDone }: BulkStatusBarProps) {
  const [confirming, setConfirming] = useState<BulkStatusAction | null>(null);
  const bulk = useBulkStatus();
  const { enqueueSnackbar } = useSnackbar();
  const count = selectedIds.length;

  const run = (action: BulkStatusAction, currentPassword: string) => {
    bulk.mutate(
      { action, userIds: selectedIds, currentPassword },
      {
        onSuccess: (result) => {
          enqueueSnackbar(bulkResultMessage(action, result), { variant: 'success' });
          setConfirming(null);
          onDone();
        },
        onError: (error) => {
          // A missing or wrong own password (or too many): said on the field, the prompt stays open.
          if (stepUpRefusal(error)) return;
          enqueueSnackbar(errorMessage(error), { variant: 'error' });
          setConfirming(null);
        },
      },
    );
  };

  return (
    <>
      <Box
        role="toolbar"
        aria-label="Bulk update"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: 2,
          py: 1,
          mb: 1.5,
          borderRadius: 2,
          bgcolor: (theme) => (count ? alpha(theme.palette.primary.main, 0.06) : theme.palette.action.hover),
          border: 1,
          borderColor: count ? 'primary.light' : 'divider',
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 'auto' }} aria-live="polite">
          {count ? `${count} selected (up to ${BULK_SELECTION_CAP})` : 'Select rows to update them together'}
        </Typography>
        {(Object.keys(BULK_STATUS_ACTIONS) as BulkStatusAction[]).map((action) => (
          <Button
            key={action}
            size="small"
            variant="outlined"
            color={action === 'deactivate' ? 'warning' : 'primary'}
            disabled={!count || bulk.isPending}
            onClick={() => {
              bulk.reset();
              setConfirming(action);
            }}
          >
            {BULK_STATUS_ACTIONS[action].label}
          </Button>
        ))}
        <Button size="small" disabled={!count || bulk.isPending} onClick={onDone}>
          Clear selection
        </Button>
      </Box>

      <StepUpDialog
        // A new prompt per action: no password typed for another one lingers in it.
        key={confirming ?? 'none'}
        open={confirming !== null}
        title={confirming ? BULK_STATUS_ACTIONS[confirming].label : ''}
        confirmLabel="Confirm"
        color={confirming === 'deactivate' ? 'warning' : 'primary'}
        busy={bulk.isPending}
        error={null}
        passwordLabel="Current password"
        passwordHelp={BULK_STATUS_PASSWORD_HELP}
        passwordError={stepUpRefusal(bulk.error)}
        onConfirm={(password) => confirming && run(confirming, password)}
        onClose={() => setConfirming(null)}
      >
        <Typography variant="body2" color="text.secondary">
          {confirming === 'deactivate'
            ? `Mark the ${count} selected ${count === 1 ? 'user' : 'users'} as inactive? Only active users change.`
            : `Reactivate the ${count} selected ${count === 1 ? 'user' : 'users'}? Only inactive users change.`}
        </Typography>
      </StepUpDialog>
    </>
  );
}
