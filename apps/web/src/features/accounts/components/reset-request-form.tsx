import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormLightTextField } from '../../../components/light-text-field';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { PasswordResetRequest, useRequestPasswordReset } from '../api/request-password-reset';

export const RESET_SENT_TEXT = 'Request Sent. Please check your inbox for further instructions.';

interface ResetRequestFormProps {
  initialEmail?: string;
  onBack: () => void;
}

/** The reset view of the sign-in page (spec 1 §2.1). */
export function ResetRequestForm({ initialEmail = '', onBack }: ResetRequestFormProps) {
  const reset = useRequestPasswordReset();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(PasswordResetRequest),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit((values) => reset.mutate(values));

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="reset-title">
      <Typography id="reset-title" variant="h3" component="h1" sx={{ mb: 0.75 }}>
        Reset your password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter the email address you use to sign in.
      </Typography>

      {reset.isError ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {errorMessage(reset.error)}
        </Alert>
      ) : null}

      {reset.isSuccess ? (
        <Alert severity="success" icon={<MarkEmailReadRoundedIcon />} sx={{ mb: 3 }} role="status">
          {RESET_SENT_TEXT}
        </Alert>
      ) : (
        <>
          <FormLightTextField
            control={control}
            name="email"
            id="reset-email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
          />
          <Alert severity="info" sx={{ mt: 2.5, mb: 2.5 }}>
            We will send a link to this email address. Open it to choose a new password.
          </Alert>
          <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending}>
            Send Reset Email
          </Button>
        </>
      )}

      <Button
        component={RouterLink}
        to={paths.login}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          onBack();
        }}
        startIcon={<ArrowBackRoundedIcon />}
        fullWidth
        size="large"
        sx={{ mt: 1.5 }}
      >
        Back to login
      </Button>
    </Box>
  );
}
