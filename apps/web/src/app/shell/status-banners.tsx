import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import SchoolRoundedIcon from '@mui/icons-material/SchoolRounded';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CurrentUser, WaitingReason } from '@portal/domain/accounts/me';
import { WAITING_MESSAGES } from '@portal/domain/accounts/waiting';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { needsMoreTraining } from '../access';
import { reloadPage } from '../error-screens';

export const UNIVERSITY_WARNING =
  'You have passed your compulsory training. Please complete all your training modules in the University.';

const FALLBACK_MESSAGE = WAITING_MESSAGES.inactive;

const SEVERITY: Record<WaitingReason, AlertColor> = {
  awaiting_approval: 'info',
  unverified: 'warning',
  outstanding_actions: 'warning',
  training: 'warning',
  deactivated: 'error',
  deleted: 'error',
  rejected: 'error',
  inactive: 'warning',
};

export function waitingMessage(reason: WaitingReason | null): string {
  return reason ? WAITING_MESSAGES[reason] : FALLBACK_MESSAGE;
}

const onAlert = {
  bgcolor: 'background.paper',
  color: 'text.primary',
  '&:hover': { bgcolor: 'grey.100' },
} as const;

/** Spec 1 §4 "Waiting state": why the account is held, with 'Refresh Page'. */
export function WaitingBanner({ user }: { user: CurrentUser }) {
  if (!user.waiting.isWaiting) return null;
  const reason = user.waiting.reason;
  return (
    <Alert
      severity={reason ? SEVERITY[reason] : 'info'}
      icon={<HourglassTopRoundedIcon />}
      sx={{ mb: 3, alignItems: 'flex-start', '& .MuiAlert-message': { flex: 1 } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>Limited access</AlertTitle>
      {waitingMessage(reason)}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="small"
          color="inherit"
          startIcon={<RefreshRoundedIcon />}
          onClick={reloadPage}
          sx={onAlert}
        >
          Refresh Page
        </Button>
        {reason === 'training' ? (
          <Button component={RouterLink} to={paths.training} variant="outlined" size="small" color="inherit">
            Do training
          </Button>
        ) : null}
      </Box>
    </Alert>
  );
}

/** Spec 1 §4: university status 101 for user type 1 asks for the remaining modules. */
export function UniversityWarning({ user }: { user: CurrentUser }) {
  if (user.waiting.isWaiting || !needsMoreTraining(user)) return null;
  return (
    <Alert severity="warning" icon={<SchoolRoundedIcon />} sx={{ mb: 3, '& .MuiAlert-message': { flex: 1 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
        }}
      >
        <Box sx={{ flex: 1 }}>{UNIVERSITY_WARNING}</Box>
        <Button
          component={RouterLink}
          to={paths.training}
          color="inherit"
          size="small"
          variant="outlined"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Do training
        </Button>
      </Box>
    </Alert>
  );
}
