import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import EmailRoundedIcon from '@mui/icons-material/EmailRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  cellphoneToE164,
  EnteredCellphone,
  NUMBER_NOT_FOUND,
  PhoneSignInRequest,
} from '@portal/domain/accounts/phone-sign-in';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormLightTextField } from '../../../components/light-text-field';
import { ApiError, errorMessageWithRetry } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSendPhoneSignInCode, useVerifyPhoneSignInCode } from '../api/phone-sign-in';
import { AuthLayout } from '../components/auth-layout';
import { OneTimePinField } from '../components/one-time-pin-field';
import { SMS_WAIT_NOTE } from '../texts';

const PhoneStep = z.object({ phone: EnteredCellphone });
const CodeStep = z.object({ code: PhoneSignInRequest.shape.code, rememberMe: z.boolean() });

/** Spec 1 §4: a failed code request reads 'Number not found'; too many requests say when to try again. */
function sendFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return errorMessageWithRetry(error);
  if (error instanceof ApiError && error.status === 0) return error.message;
  return NUMBER_NOT_FOUND;
}

function NumberStep({ initial, onSent }: { initial: string; onSent: (entered: string) => void }) {
  const send = useSendPhoneSignInCode();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm({ resolver: zodResolver(PhoneStep), defaultValues: { phone: initial } });
  const onSubmit = handleSubmit(({ phone }) =>
    send.mutate(
      { phone: cellphoneToE164(phone) },
      {
        onSuccess: () => onSent(phone),
        onError: (error) => enqueueSnackbar(sendFailureMessage(error), { variant: 'error' }),
      },
    ),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="phone-title">
      <Typography id="phone-title" variant="h3" component="h1" sx={{ mb: 0.75 }}>
        Sign in with phone
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We will send a one-time pin to your cellphone.
      </Typography>
      {send.isError ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {sendFailureMessage(send.error)}
        </Alert>
      ) : null}
      <FormLightTextField
        control={control}
        name="phone"
        id="phone-number"
        label="Cellphone number"
        placeholder="0821234567"
        type="tel"
        autoComplete="tel-national"
        autoFocus
        htmlInput={{ inputMode: 'numeric' }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending} sx={{ mt: 2.5 }}>
        Next
      </Button>
    </Box>
  );
}

function OtpStep({ entered, onRetry }: { entered: string; onRetry: () => void }) {
  const verify = useVerifyPhoneSignInCode();
  const { enqueueSnackbar } = useSnackbar();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(CodeStep), defaultValues: { code: '', rememberMe: true } });
  const onSubmit = handleSubmit(({ code, rememberMe }) =>
    verify.mutate(
      { phone: cellphoneToE164(entered), code, rememberMe },
      { onError: (error) => enqueueSnackbar(errorMessageWithRetry(error), { variant: 'error' }) },
    ),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="otp-title">
      <Typography id="otp-title" variant="h3" component="h1" sx={{ mb: 0.75 }}>
        Enter OTP
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {`We sent a one-time pin by SMS to ${entered}.`}
      </Typography>
      {verify.isError ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {errorMessageWithRetry(verify.error)}
        </Alert>
      ) : null}
      <OneTimePinField control={control} name="code" id="otp-code" error={errors.code?.message} />
      <Controller
        name="rememberMe"
        control={control}
        render={({ field: { value, onChange, onBlur, name } }) => (
          <FormControlLabel
            control={
              <Checkbox
                name={name}
                checked={value}
                onChange={(event) => onChange(event.target.checked)}
                onBlur={onBlur}
                size="small"
              />
            }
            label="Keep me signed in"
            slotProps={{ typography: { variant: 'body2' } }}
            sx={{ mt: 1 }}
          />
        )}
      />
      <Alert severity="info" sx={{ mt: 1, mb: 2.5 }}>
        {SMS_WAIT_NOTE}
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

/** '/phone-login': sign in with a one-time pin sent by SMS (spec 1 §2.1), in two steps. */
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
