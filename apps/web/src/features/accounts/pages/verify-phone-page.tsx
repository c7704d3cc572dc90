import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import SendToMobileRoundedIcon from '@mui/icons-material/SendToMobileRounded';
import SmartphoneRoundedIcon from '@mui/icons-material/SmartphoneRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { VerifyPhoneRequest } from '@portal/domain/accounts/verification';
import { displayPhone } from '@portal/domain/people/phone';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { errorMessageWithRetry } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useProfile } from '../api/profile';
import { useSendPhoneVerificationCode, useVerifyPhone } from '../api/verification';
import { OneTimePinField } from '../components/one-time-pin-field';
import { StatusCard } from '../components/status-card';
import { PHONE_VERIFIED_TEXT, SMS_WAIT_NOTE, VERIFIED_REDIRECT_MS } from '../texts';

/** '/verify-phone' (spec 1 §2.3): a one-time pin by SMS to the own phone; back to '/profile' once verified. */
export function VerifyPhonePage() {
  useDocumentTitle('Verify your cellphone number');
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendPhoneVerificationCode();
  const verify = useVerifyPhone();
  const [verified, setVerified] = useState(false);
  // A new number asked for on the profile waits for its pin here (decision 069); the current one
  // stays in use until then, verified or not.
  const profile = useProfile();
  const pendingPhone = profile.data?.pendingPhone?.value ?? null;
  const alreadyVerified = user.phoneVerified && !verified && !pendingPhone && !profile.isPending;

  // Arriving here from 'Resend OTP' sends a pin once; after a change of number the server has
  // just sent one (state `codeSent`), and a second SMS would spend the 3-per-15-minutes allowance.
  const location = useLocation();
  const codeAlreadySent = (location.state as { codeSent?: boolean } | null)?.codeSent === true;
  const sentOnArrival = useRef(codeAlreadySent);
  useEffect(() => {
    if (sentOnArrival.current || user.phoneVerified) return;
    sentOnArrival.current = true;
    send.mutate();
  }, [send, user.phoneVerified]);

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => navigate(paths.profile, { replace: true }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(VerifyPhoneRequest), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(({ code }) =>
    verify.mutate(code, {
      onSuccess: () => setVerified(true),
      onError: (error) => enqueueSnackbar(errorMessageWithRetry(error), { variant: 'error' }),
    }),
  );

  const resend = () => {
    verify.reset();
    reset({ code: '' });
    send.mutate(undefined, {
      onSuccess: () => enqueueSnackbar('A new one-time pin is on its way.', { variant: 'info' }),
    });
  };

  const phone = displayPhone(user.phone);

  if (alreadyVerified) {
    return (
      <StatusCard icon={<SmartphoneRoundedIcon />} title="Verify your cellphone number">
        <Alert severity="success">{`Your cellphone number ${phone} is verified.`}</Alert>
        <Button component={RouterLink} to={paths.profile} variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
          Back to profile
        </Button>
      </StatusCard>
    );
  }

  return (
    <StatusCard
      icon={<SmartphoneRoundedIcon />}
      title="Verify your cellphone number"
      subtitle={
        pendingPhone
          ? `We sent a one-time pin by SMS to your new number ${displayPhone(pendingPhone)}. Your current number stays in use until it is verified.`
          : phone
            ? `We send a one-time pin by SMS to ${phone}.`
            : 'We send a one-time pin by SMS to your cellphone.'
      }
    >
      {verified ? (
        <Alert severity="success" role="status">
          {PHONE_VERIFIED_TEXT}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Taking you back to your profile…
          </Typography>
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Verify your cellphone number">
          {send.isError ? (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {errorMessageWithRetry(send.error)}
            </Alert>
          ) : send.isSuccess ? (
            <Alert severity="success" sx={{ mb: 2.5 }} role="status">
              One-time pin sent.
            </Alert>
          ) : null}
          {verify.isError ? (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {errorMessageWithRetry(verify.error)}
            </Alert>
          ) : null}
          <OneTimePinField control={control} name="code" id="verify-phone-code" error={errors.code?.message} />
          <Alert severity="info" sx={{ mt: 2.5, mb: 2.5 }}>
            {SMS_WAIT_NOTE}
          </Alert>
          <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending}>
            Verify
          </Button>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, mt: 1.5 }}>
            <Button
              type="button"
              variant="outlined"
              size="large"
              onClick={resend}
              loading={send.isPending}
              startIcon={<SendToMobileRoundedIcon />}
            >
              Resend OTP
            </Button>
            <Button component={RouterLink} to={paths.profile} size="large" startIcon={<ArrowBackRoundedIcon />}>
              Back to profile
            </Button>
          </Box>
        </Box>
      )}
    </StatusCard>
  );
}
