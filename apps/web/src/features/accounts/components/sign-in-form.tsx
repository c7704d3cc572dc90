import PhoneIphoneRoundedIcon from '@mui/icons-material/PhoneIphoneRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { EmailSignInRequest } from '@portal/domain/accounts/me';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormLightTextField } from '../../../components/light-text-field';
import { FormPasswordField } from '../../../components/password-field';
import { errorMessageWithRetry } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { paths } from '../../../lib/paths';
import { useSignIn } from '../api/sign-in';

interface SignInFormProps {
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ onForgotPassword }: SignInFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const signIn = useSignIn();
  const { control, handleSubmit, getValues } = useForm<EmailSignInRequest>({
    // The schema loads on the first submit: zod stays off the sign-in page's first load.
    resolver: lazyZodResolver(() => import('@portal/domain/accounts/me').then((module) => module.EmailSignInRequest)),
    defaultValues: { email: '', password: '', rememberMe: true },
  });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(values, {
      onError: (error) => enqueueSnackbar(errorMessageWithRetry(error), { variant: 'error' }),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="sign-in-title">
      <Typography id="sign-in-title" variant="h3" component="h1" sx={{ mb: 0.75 }}>
        Welcome back
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Sign in to your dealer portal account.
      </Typography>

      {signIn.isError ? (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {errorMessageWithRetry(signIn.error)}
        </Alert>
      ) : null}

      <Box sx={{ display: 'grid', gap: 2.25 }}>
        <FormLightTextField
          control={control}
          name="email"
          id="sign-in-email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <FormPasswordField
          control={control}
          name="password"
          id="sign-in-password"
          label="Password"
          autoComplete="current-password"
        />
      </Box>

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1, mb: 2.5, gap: 1 }}>
        <Controller
          name="rememberMe"
          control={control}
          render={({ field: { value, onChange, onBlur, name } }) => (
            <FormControlLabel
              control={
                <Checkbox
                  name={name}
                  checked={Boolean(value)}
                  onChange={(event) => onChange(event.target.checked)}
                  onBlur={onBlur}
                  size="small"
                />
              }
              label="Keep me signed in"
              slotProps={{ typography: { variant: 'body2' } }}
            />
          )}
        />
        <Link
          component={RouterLink}
          to={paths.login}
          variant="body2"
          underline="hover"
          sx={{ fontWeight: 600 }}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            onForgotPassword(getValues('email'));
          }}
        >
          Forgot password?
        </Link>
      </Box>

      <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
        Sign In
      </Button>

      <Divider sx={{ my: 3, color: 'text.secondary', typography: 'body2' }}>or</Divider>

      <Button
        component={RouterLink}
        to={paths.phoneLogin}
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<PhoneIphoneRoundedIcon />}
      >
        Sign in with phone
      </Button>
    </Box>
  );
}
