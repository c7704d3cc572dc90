import AcUnitRoundedIcon from '@mui/icons-material/AcUnitRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FREEZE_LABELS } from '@portal/domain/commissions/cycle';
import { errorMessage } from '../../../lib/api';
import { useFreezeStatus, useToggleFreeze } from '../api/commission-cycle';

/** The freeze (spec 3 §4.5): 'Active' refuses dealers' profile and banking edits. */
export function FreezeControl() {
  const status = useFreezeStatus();
  const toggle = useToggleFreeze();
  const on = status.data?.updateFreeze ?? false;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <AcUnitRoundedIcon color={on ? 'info' : 'disabled'} /> Commission freeze
        </Typography>
        <Chip
          label={on ? FREEZE_LABELS.on : FREEZE_LABELS.off}
          color={on ? 'info' : 'default'}
          data-testid="freeze-status"
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        While the freeze is Active, dealers cannot change their profile, contact or banking details, so the banking
        export pays what was reviewed.
      </Typography>
      {status.isError ? <Alert severity="error">Failed to get commission freeze status</Alert> : null}
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={status.isPending || toggle.isPending}
            onChange={(event) => toggle.mutate(event.target.checked)}
          />
        }
        label="Freeze profile and banking changes"
      />
      {toggle.isError ? (
        <Alert severity="error">{`Failed to toggle freeze: ${errorMessage(toggle.error)}`}</Alert>
      ) : null}
    </Paper>
  );
}
