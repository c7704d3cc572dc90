import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Profile } from '@portal/domain/accounts/profile';
import { VerifyPhoneRequest } from '@portal/domain/accounts/verification';
import { displayPhone } from '@portal/domain/people/phone';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { errorMessageWithRetry } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format';
import { useSendVerificationEmail } from '../../../../lib/verification-email';
import { useCancelPendingContact } from '../../api/profile';
import { useSendPhoneVerificationCode, useVerifyPhone } from '../../api/verification';
import { OneTimePinField } from '../one-time-pin-field';

export const PENDING_PHONE_NOTE =
  'Your current phone number stays in use until you enter the one-time pin sent to the new one.';
export const PENDING_EMAIL_NOTE =
  'Open the link in that email while signed in. Your current email address stays in use until then.';

function PendingPhone({ value, expiresAt }: { value: string; expiresAt: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const verify = useVerifyPhone();
  const send = useSendPhoneVerificationCode();
  const cancel = useCancelPendingContact();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(VerifyPhoneRequest), defaultValues: { code: '' } });

  // Not mutate's own onSuccess: the card unmounts as soon as the profile reloads without the
  // pending change, and a per-call callback of an unmounted component never runs.
  const onSubmit = handleSubmit(({ code }) =>
    verify.mutateAsync(code).then(
      () => enqueueSnackbar('Your new phone number is verified and now in use.', { variant: 'success' }),
      () => undefined, // shown by the error alert above
    ),
  );
  const resend = () => {
    verify.reset();
    reset({ code: '' });
    send.mutate(undefined, {
      onSuccess: () => enqueueSnackbar('A new one-time pin is on its way.', { variant: 'info' }),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Verify your new phone number">
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{`Verification sent to ${displayPhone(value)}`}</AlertTitle>
        {PENDING_PHONE_NOTE} {`The change lapses on ${formatDateTime(expiresAt)}.`}
      </Alert>
      {verify.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessageWithRetry(verify.error)}
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessageWithRetry(send.error)}
        </Alert>
      ) : null}
      <OneTimePinField control={control} name="code" id="pending-phone-code" error={errors.code?.message} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button type="submit" variant="contained" loading={verify.isPending}>
          Verify
        </Button>
        <Button type="button" variant="outlined" onClick={resend} loading={send.isPending}>
          Resend OTP
        </Button>
        <Button type="button" color="inherit" onClick={() => cancel.mutate('phone')} loading={cancel.isPending}>
          Cancel change
        </Button>
      </Box>
    </Box>
  );
}

function PendingEmail({ value, expiresAt }: { value: string; expiresAt: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendVerificationEmail();
  const cancel = useCancelPendingContact();
  return (
    <Box role="group" aria-label="Your new email address">
      <Alert severity="info" sx={{ mb: 1.5 }}>
        <AlertTitle sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{`Verification sent to ${value}`}</AlertTitle>
        {PENDING_EMAIL_NOTE} {`The change lapses on ${formatDateTime(expiresAt)}.`}
      </Alert>
      {send.isError ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {errorMessageWithRetry(send.error)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="button"
          variant="outlined"
          loading={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (result) => enqueueSnackbar(result.message, { variant: 'success' }),
            })
          }
        >
          Resend Verification Email
        </Button>
        <Button type="button" color="inherit" onClick={() => cancel.mutate('email')} loading={cancel.isPending}>
          Cancel change
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Decision 069: a new phone or e-mail asked for in Edit Profile is pending until it is verified;
 * this card shows where the pin or link went, takes the pin, resends and cancels.
 */
export function PendingContactCard({ profile }: { profile: Profile }) {
  const { pendingPhone, pendingEmail } = profile;
  if (!pendingPhone && !pendingEmail) return null;
  return (
    <Card component="section" aria-label="Contact change waiting for verification">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Contact change waiting for verification
        </Typography>
        {pendingPhone ? <PendingPhone {...pendingPhone} /> : null}
        {pendingEmail ? <PendingEmail {...pendingEmail} /> : null}
      </CardContent>
    </Card>
  );
}
