import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormPasswordField } from '../../../components/password-field';
import { api, errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';

/** Spec 1 §9: at least 6 characters; the server may ask for more and says so. */
const NewPasswordForm = z
  .object({
    newPassword: z.string().min(1, 'Please enter a valid password.').min(6, 'Use at least 6 characters.'),
    confirm: z.string(),
  })
  .refine((values) => values.newPassword === values.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match.',
  });

function resetPassword(input: { newPassword: string; token: string }): Promise<unknown> {
  return api('/api/auth/reset-password', { method: 'POST', body: input });
}

/** '/reset-password?token=…': where the e-mailed reset link lands; sets the new password. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const mutation = useMutation({ mutationFn: resetPassword });
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { newPassword: '', confirm: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) => {
    if (token) mutation.mutate({ newPassword, token });
  });

  const invalidLink = !token || Boolean(linkError);

  return (
    <AuthLayout>
      <Typography variant="h3" component="h1" sx={{ mb: 0.75 }}>
        Choose a new password
      </Typography>
      {mutation.isSuccess ? (
        <>
          <Alert severity="success" icon={<CheckCircleRoundedIcon />} sx={{ my: 3 }}>
            Your password has been changed. You can now sign in with it.
          </Alert>
          <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
            Back to login
          </Button>
        </>
      ) : invalidLink ? (
        <>
          <Alert severity="error" sx={{ my: 3 }}>
            This reset link is invalid or has expired. Please request a new one.
          </Alert>
          <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
            Back to login
          </Button>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Enter a new password for your account.
          </Typography>
          {mutation.isError ? (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {errorMessage(mutation.error)}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2.25, mb: 3 }}>
            <FormPasswordField
              control={control}
              name="newPassword"
              id="new-password"
              label="New password"
              autoComplete="new-password"
              autoFocus
            />
            <FormPasswordField
              control={control}
              name="confirm"
              id="confirm-password"
              label="Confirm new password"
              autoComplete="new-password"
            />
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            Update Password
          </Button>
          <Button component={RouterLink} to={paths.login} fullWidth size="large" sx={{ mt: 1.5 }}>
            Back to login
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}
