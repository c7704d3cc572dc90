import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
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
import { errorMessage } from '../../../lib/api';
import { useBulkStatus } from '../api/bulk-status';

interface BulkStatusBarProps {
  selectedIds: number[];
  onDone: () => void;
}

/** Bulk update of the selected rows (spec 1 §2.8; docs/decisions/006-bulk-team-actions.md). */
export function BulkStatusBar({ selectedIds, onDone }: BulkStatusBarProps) {
  const [confirming, setConfirming] = useState<BulkStatusAction | null>(null);
  const bulk = useBulkStatus();
  const { enqueueSnackbar } = useSnackbar();
  const count = selectedIds.length;

  const run = (action: BulkStatusAction) => {
    bulk.mutate(
      { action, userIds: selectedIds },
      {
        onSuccess: (result) => {
          enqueueSnackbar(bulkResultMessage(action, result), { variant: 'success' });
          setConfirming(null);
          onDone();
        },
        onError: (error) => {
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
            onClick={() => setConfirming(action)}
          >
            {BULK_STATUS_ACTIONS[action].label}
          </Button>
        ))}
        <Button size="small" disabled={!count || bulk.isPending} onClick={onDone}>
          Clear selection
        </Button>
      </Box>

      <Dialog open={confirming !== null} onClose={() => (bulk.isPending ? undefined : setConfirming(null))}>
        <DialogTitle>{confirming ? BULK_STATUS_ACTIONS[confirming].label : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming === 'deactivate'
              ? `Mark the ${count} selected ${count === 1 ? 'user' : 'users'} as inactive? Only active users change.`
              : `Reactivate the ${count} selected ${count === 1 ? 'user' : 'users'}? Only inactive users change.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => confirming && run(confirming)}
            loading={bulk.isPending}
            color={confirming === 'deactivate' ? 'warning' : 'primary'}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
