import WorkspacePremiumRoundedIcon from '@mui/icons-material/WorkspacePremiumRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { BECOME_LEADER_REFUSALS, type Profile } from '@portal/domain/accounts/profile';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api';
import { useBecomeLeader } from '../../api/profile';

function leaderNote(profile: Profile): string {
  if (profile.isLeader) return 'You are a leader. Only an admin can change this.';
  if (profile.isLeaderBlocked) return BECOME_LEADER_REFUSALS.blocked;
  if (profile.isAdmin) return BECOME_LEADER_REFUSALS.admin;
  if (!profile.canBecomeLeader) return BECOME_LEADER_REFUSALS.tier;
  return 'Lead a team: create users, follow your downstream and send them alerts.';
}

/**
 * Spec 1 §4 "Leader flag": the switch works only when `canBecomeLeader`; once on it stays on and
 * is locked, and it is disabled while an admin has blocked it. The server enforces the same.
 */
export function LeaderCard({ profile }: { profile: Profile }) {
  const become = useBecomeLeader();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const disabled = !profile.canBecomeLeader || profile.isLeader || become.isPending;

  const confirm = () =>
    become.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        enqueueSnackbar('You are now a leader.', { variant: 'success' });
      },
      onError: () => setConfirming(false),
    });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <WorkspacePremiumRoundedIcon color="secondary" />
          <Typography variant="h5" component="h2">
            Leadership
          </Typography>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={profile.isLeader}
              disabled={disabled}
              onChange={(event) => {
                if (event.target.checked) setConfirming(true);
              }}
            />
          }
          label="Become A Leader"
          sx={{ ml: 0, gap: 1 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {leaderNote(profile)}
        </Typography>
        {become.isError ? (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {errorMessage(become.error)}
          </Alert>
        ) : null}
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="become-leader-title">
        <DialogTitle id="become-leader-title">Become A Leader?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            As a leader you can build and manage your own team. Once switched on, only an admin can change it.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={confirm} loading={become.isPending}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
