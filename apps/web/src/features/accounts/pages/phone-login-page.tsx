import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import EmailRoundedIcon from '@mui/icons-material/EmailRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cellphoneToE164, EnteredCellphone, PhoneOtpCode } from '@portal/domain/accounts/phone-sign-in';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSendPhoneOtp, useVerifyPhoneOtp } from '../api/phone-sign-in';
import { AuthLayout } from '../components/auth-layout';

const NUMBER_NOT_FOUND = 'Number not found';
const PhoneStep = z.object({ phone: EnteredCellphone });
const CodeStep = z.object({ code: PhoneOtpCode });

function NumberStep({ initial, onSent }: { initial: string; onSent: (entered: string) => void }) {
  const send = useSendPhoneOtp();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(PhoneStep), defaultValues: { phone: initial } });
  const onSubmit = handleSubmit(({ phone }) => send.mutate(cellphoneToE164(phone), { onSuccess: () => onSent(phone) }));
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="phone-title">
      <Typography id="phone-title" variant="h3" component="h1" sx={{ mb: 0.75 }}>
        Sign in with phone
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We will send a one-time code to your cellphone.
      </Typography>
      {send.isError ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {NUMBER_NOT_FOUND}
        </Alert>
      ) : null}
      <Controller
        name="phone"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            id="phone-number"
            label="Cellphone number"
            placeholder="0821234567"
            type="tel"
            autoComplete="tel-national"
            autoFocus
            error={Boolean(errors.phone)}
            helperText={errors.phone?.message}
            slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending} sx={{ mt: 2.5 }}>
        Next
      </Button>
    </Box>
  );
}

function OtpStep({ entered, onRetry }: { entered: string; onRetry: () => void }) {
  const verify = useVerifyPhoneOtp();
  const { enqueueSnackbar } = useSnackbar();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(CodeStep), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(({ code }) =>
    verify.mutate(
      { phoneNumber: cellphoneToE164(entered), code },
      { onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }) },
    ),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="otp-title">
      <Typography id="otp-title" variant="h3" component="h1" sx={{ mb: 0.75 }}>
        Enter OTP
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {`We sent a code to ${entered}.`}
      </Typography>
      {verify.isError ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {errorMessage(verify.error)}
        </Alert>
      ) : null}
      <Controller
        name="code"
        control={control}
        render={({ field: { ref, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            id="otp-code"
            label="One-time code"
            autoComplete="one-time-code"
            autoFocus
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
          />
        )}
      />
      <Alert severity="info" sx={{ mt: 2.5, mb: 2.5 }}>
        If you haven't received your SMS within 40 seconds, please try again
      </Alert>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Button type="button" variant="outlined" size="large" onClick={onRetry} startIcon={<ArrowBackRoundedIcon />}>
          Retry
        </Button>
        <Button type="submit" variant="contained" size="large" loading={verify.isPending}>
          Submit
        </Button>
      </Box>
    </Box>
  );
}

/** '/phone-login': sign in with a one-time code sent by SMS (spec 1 §2.1). */
export function PhoneLoginPage() {
  useDocumentTitle('Sign in with phone');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEntered, setLastEntered] = useState('');
  return (
    <AuthLayout>
      {sentTo ? (
        <OtpStep entered={sentTo} onRetry={() => setSentTo(null)} />
      ) : (
        <NumberStep
          initial={lastEntered}
          onSent={(entered) => {
            setLastEntered(entered);
            setSentTo(entered);
          }}
        />
      )}
      <Divider sx={{ my: 3, color: 'text.secondary', typography: 'body2' }}>or</Divider>
      <Button
        component={RouterLink}
        to={paths.login}
        variant="text"
        size="large"
        fullWidth
        startIcon={<EmailRoundedIcon />}
      >
        Sign in with email
      </Button>
    </AuthLayout>
  );
}
