import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CurrentUser, WaitingReason } from '@portal/domain/accounts/me';
import { Link as RouterLink } from 'react-router';

/** Spec 1 §4 "Waiting state": the banner text by the reason the server gives. */
export const WAITING_MESSAGES: Record<WaitingReason, string> = {
  awaiting_approval: 'Your account is awaiting approval.',
  unverified: 'Please verify your email address and cellphone number in order to get your profile approved.',
  outstanding_actions:
    'Your account is active, but there are outstanding actions on your profile. Please complete them.',
  deactivated: 'Your account has been deactivated. Please contact support.',
  deleted: 'Your account has been deleted. Please contact support if you believe this is a mistake.',
  rejected: 'Your account application has been rejected. Please contact support for more information.',
  inactive: 'Your account is inactive. Please contact support.',
  training: 'Please complete all your compulsory training modules in the University to get full access.',
};

const FALLBACK_MESSAGE = 'Your account is not active yet. Please contact support.';

const SEVERITY: Record<WaitingReason, AlertColor> = {
  awaiting_approval: 'info',
  unverified: 'warning',
  outstanding_actions: 'warning',
  deactivated: 'error',
  deleted: 'error',
  rejected: 'error',
  inactive: 'warning',
  training: 'warning',
};

export function waitingMessage(reason: WaitingReason | null): string {
  return reason ? WAITING_MESSAGES[reason] : FALLBACK_MESSAGE;
}

export function WaitingBanner({ user }: { user: CurrentUser }) {
  if (!user.waiting.isWaiting) return null;
  const reason = user.waiting.reason;
  return (
    <Alert
      severity={reason ? SEVERITY[reason] : 'info'}
      icon={<HourglassTopRoundedIcon />}
      sx={{ mb: 3, '& .MuiAlert-message': { flex: 1 } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>Limited access</AlertTitle>
      {waitingMessage(reason)}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="small"
          color="inherit"
          startIcon={<RefreshRoundedIcon />}
          onClick={() => window.location.reload()}
          sx={{ bgcolor: 'background.paper', color: 'text.primary', '&:hover': { bgcolor: 'grey.100' } }}
        >
          Refresh Page
        </Button>
        {reason === 'training' ? (
          <Button component={RouterLink} to="/training" variant="outlined" size="small" color="inherit">
            Do training
          </Button>
        ) : null}
      </Box>
    </Alert>
  );
}
