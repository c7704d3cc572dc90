import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PASSWORD_UPDATED, UpdatePasswordRequest } from '@portal/domain/accounts/password';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { FormPasswordField } from '../../../components/password-field';
import { errorMessageWithRetry } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PASSWORD_UPDATE_FAILED, useUpdatePassword } from '../api/update-password';

/** '/update-password' (spec 1 §2.3): the signed-in user chooses a new password, then returns to '/profile'. */
export function UpdatePasswordPage() {
  useDocumentTitle('Change your password');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePassword();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(UpdatePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (answer) => {
        enqueueSnackbar(answer.message || PASSWORD_UPDATED, { variant: 'success' });
        navigate(paths.profile);
      },
      onError: () => enqueueSnackbar(PASSWORD_UPDATE_FAILED, { variant: 'error' }),
    }),
  );

  return (
    <>
      <PageHeader
        title="Change your password"
        subtitle="Your other signed-in devices are signed out when it changes."
      />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change your password">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
              <LockResetRoundedIcon color="primary" />
              <Typography color="text.secondary">Use at least 6 characters.</Typography>
            </Box>
            {update.isError ? (
              <Alert severity="error" sx={{ mb: 2.5 }}>
                {`${PASSWORD_UPDATE_FAILED}: ${errorMessageWithRetry(update.error)}`}
              </Alert>
            ) : null}
            <FormPasswordField
              control={control}
              name="currentPassword"
              id="current-password"
              label="Current password"
              autoComplete="current-password"
              autoFocus
            />
            <Box sx={{ height: 16 }} />
            <FormPasswordField
              control={control}
              name="newPassword"
              id="update-password"
              label="New password"
              autoComplete="new-password"
            />
            <Box
              sx={{
                display: 'flex',
                gap: 1.5,
                mt: 3,
                flexDirection: { xs: 'column-reverse', sm: 'row' },
                justifyContent: 'flex-end',
              }}
            >
              <Button component={RouterLink} to={paths.profile} size="large" startIcon={<ArrowBackRoundedIcon />}>
                Back to profile
              </Button>
              <Button type="submit" variant="contained" size="large" loading={update.isPending}>
                Update Password
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
