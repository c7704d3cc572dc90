import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EMAIL_VERIFICATION_FAILED, VerifyEmailRequest } from '@portal/domain/accounts/verification';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVerifyEmail } from '../api/verification';
import { StatusCard } from '../components/status-card';
import { EMAIL_VERIFIED_TEXT, VERIFIED_REDIRECT_MS } from '../texts';

function Checking({ verificationId }: { verificationId: string }) {
  const navigate = useNavigate();
  const check = useVerifyEmail(verificationId);
  const verified = check.data?.verified === true;

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => navigate(paths.profile, { replace: true }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  if (check.isPending) {
    return (
      <Box role="status" aria-live="polite">
        <Typography color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
          Checking your verification link…
        </Typography>
        <LinearProgress aria-label="Checking your verification link" />
      </Box>
    );
  }
  if (verified) {
    return (
      <Alert severity="success" role="status">
        {check.data?.message || EMAIL_VERIFIED_TEXT}
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Taking you back to your profile…
        </Typography>
      </Alert>
    );
  }
  return <Failed />;
}

function Failed() {
  return (
    <>
      <Alert severity="error">{EMAIL_VERIFICATION_FAILED}</Alert>
      <Button component={RouterLink} to={paths.profile} variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
        Back to profile
      </Button>
    </>
  );
}

/** '/verify-email/{verificationId}' (spec 1 §2.3): checks the e-mailed link, then back to '/profile'. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email address');
  const { verificationId = '' } = useParams();
  const wellFormed = VerifyEmailRequest.safeParse({ verificationId }).success;
  return (
    <StatusCard icon={<MarkEmailReadRoundedIcon />} title="Verify your email address">
      {wellFormed ? <Checking verificationId={verificationId} /> : <Failed />}
    </StatusCard>
  );
}
