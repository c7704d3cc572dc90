import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CreateUserResponse } from '@portal/domain/people/new-user';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import { copyText } from '../../../lib/clipboard';
import { paths } from '../../../lib/paths';

interface SuccessScreenProps {
  created: CreateUserResponse;
  name: string;
  onCreateAnother: () => void;
}

function Credential({ label, value }: { label: string; value: string }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          variant="h4"
          component="p"
          aria-label={label}
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: 1 }}
        >
          {value}
        </Typography>
        <Tooltip title={`Copy ${label.toLowerCase()}`}>
          <IconButton
            aria-label={`Copy ${label.toLowerCase()}`}
            onClick={async () =>
              enqueueSnackbar((await copyText(value)) ? `${label} copied` : 'Could not copy', { variant: 'info' })
            }
          >
            <ContentCopyRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

/** After creation (spec 1 §2.7): the new Z-code and temporary password, shown this once. */
export function SuccessScreen({ created, name, onCreateAnother }: SuccessScreenProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <CheckCircleRoundedIcon color="success" sx={{ fontSize: 40 }} />
        <Box>
          <Typography variant="h4" component="h2">
            User Created Successfully
          </Typography>
          <Typography color="text.secondary">{name} is waiting for approval.</Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2.5 }}>
        <Credential label="User ID" value={created.zCode} />
        <Credential label="Temporary password" value={created.temporaryPassword} />
      </Box>
      <Alert severity="warning" sx={{ mb: 1.5 }}>
        Give the temporary password to the new user now: it is not shown again and is never e-mailed.
      </Alert>
      <Alert severity="info" sx={{ mb: 3 }}>
        {created.verificationEmailSent
          ? 'A verification link has been e-mailed to the new user.'
          : 'The verification e-mail could not be sent; the user can ask for a new link from their profile.'}{' '}
        Once they have verified their e-mail address and cellphone number, an admin approves the account. Follow it on{' '}
        <Link component={RouterLink} to={paths.pendingRequests}>
          Your Pending Requests
        </Link>
        .
      </Alert>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onCreateAnother}>
          Create Another User
        </Button>
        {/* Manage Teams then says 'Person Added!' for 5 seconds (spec 1 §2.8). */}
        <Button variant="outlined" component={RouterLink} to={paths.manageDealers} state={{ notice: 'person-added' }}>
          Go to Manage Dealers page
        </Button>
      </Box>
    </Paper>
  );
}
