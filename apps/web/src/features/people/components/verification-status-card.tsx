import EmailRoundedIcon from '@mui/icons-material/EmailRounded';
import SmartphoneRoundedIcon from '@mui/icons-material/SmartphoneRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MANAGE_USER_MESSAGES } from '@portal/domain/people/manage-user';
import { displayPhone } from '@portal/domain/people/phone';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../lib/api';
import { useResendVerificationEmail } from '../api/manage-user';

/** Spec 1 §9: the verification e-mail message shows for 4 seconds. */
const SENT_MESSAGE_MS = 4000;

export function VerifiedChip({ verified }: { verified: boolean }) {
  return verified ? (
    <Chip size="small" color="success" icon={<VerifiedRoundedIcon />} label="Verified" />
  ) : (
    <Chip size="small" color="warning" variant="outlined" label="Not Verified" />
  );
}

function Row({ icon, label, value, verified }: { icon: ReactNode; label: string; value: string; verified: boolean }) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={value}>
          {value || 'Not specified'}
        </Typography>
      </Box>
      <VerifiedChip verified={verified} />
    </Box>
  );
}

interface Props {
  phone: string | null;
  email: string | null;
  phoneVerified: boolean;
  emailVerified: boolean;
  isOwn: boolean;
}

/** Spec 1 §2.10: phone and e-mail chips; the resend actions only on the own profile. */
export function VerificationStatusCard({ phone, email, phoneVerified, emailVerified, isOwn }: Props) {
  const resend = useResendVerificationEmail();
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), SENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
          Verification status
        </Typography>
        <Box sx={{ '& > * + *': { borderTop: '1px solid', borderColor: 'divider' } }}>
          <Row icon={<SmartphoneRoundedIcon />} label="Phone" value={displayPhone(phone)} verified={phoneVerified} />
          <Row icon={<EmailRoundedIcon />} label="Email" value={email ?? ''} verified={emailVerified} />
        </Box>
        {sent ? (
          <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
            {MANAGE_USER_MESSAGES.verificationEmailSent}
          </Alert>
        ) : null}
        {resend.isError ? (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {errorMessage(resend.error)}
          </Alert>
        ) : null}
        {isOwn && (!phoneVerified || !emailVerified) ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {!phoneVerified ? (
              <Button component={RouterLink} to={paths.verifyPhone} variant="outlined" size="small">
                Resend OTP
              </Button>
            ) : null}
            {!emailVerified && email ? (
              <Button
                variant="outlined"
                size="small"
                loading={resend.isPending}
                onClick={() => resend.mutate(undefined, { onSuccess: () => setSent(true) })}
              >
                Resend Verification Email
              </Button>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
