import EmailRoundedIcon from '@mui/icons-material/EmailRounded';
import MarkEmailUnreadRoundedIcon from '@mui/icons-material/MarkEmailUnreadRounded';
import SendToMobileRoundedIcon from '@mui/icons-material/SendToMobileRounded';
import SmartphoneRoundedIcon from '@mui/icons-material/SmartphoneRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { VERIFICATION_EMAIL_SENT } from '@portal/domain/accounts/verification';
import { displayPhone } from '@portal/domain/people/phone';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessageWithRetry } from '../lib/api';
import { paths } from '../lib/paths';
import { useSendVerificationEmail } from '../lib/verification-email';

/** Spec 1 §9: the verification e-mail message shows this long. */
export const VERIFICATION_EMAIL_MESSAGE_MS = 4000;

function StatusChip({ verified }: { verified: boolean }) {
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
      <StatusChip verified={verified} />
    </Box>
  );
}

interface VerificationStatusCardProps {
  phone: string | null;
  email: string | null;
  phoneVerified: boolean;
  emailVerified: boolean;
  /** Resend buttons show on the own profile only (spec 1 §2.10). */
  isOwnProfile: boolean;
}

/** Spec 1 §2.10: phone and e-mail 'Verified' / 'Not Verified', with the resend actions on the own profile. */
export function VerificationStatusCard({
  phone,
  email,
  phoneVerified,
  emailVerified,
  isOwnProfile,
}: VerificationStatusCardProps) {
  const sendEmail = useSendVerificationEmail();
  const [emailSent, setEmailSent] = useState(false);

  useEffect(() => {
    if (!emailSent) return;
    const timer = setTimeout(() => setEmailSent(false), VERIFICATION_EMAIL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [emailSent]);

  const showPhoneAction = isOwnProfile && !phoneVerified;
  const showEmailAction = isOwnProfile && !emailVerified && Boolean(email);

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
        {emailSent ? (
          <Alert severity="success" sx={{ mt: 1.5 }} role="status">
            {VERIFICATION_EMAIL_SENT}
          </Alert>
        ) : null}
        {sendEmail.isError ? (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {errorMessageWithRetry(sendEmail.error)}
          </Alert>
        ) : null}
        {showPhoneAction || showEmailAction ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {showPhoneAction ? (
              <Button
                component={RouterLink}
                to={paths.verifyPhone}
                variant="outlined"
                size="small"
                startIcon={<SendToMobileRoundedIcon />}
              >
                Resend OTP
              </Button>
            ) : null}
            {showEmailAction ? (
              <Button
                variant="outlined"
                size="small"
                startIcon={<MarkEmailUnreadRoundedIcon />}
                loading={sendEmail.isPending}
                loadingPosition="start"
                onClick={() => {
                  setEmailSent(false);
                  sendEmail.mutate(undefined, { onSuccess: () => setEmailSent(true) });
                }}
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
