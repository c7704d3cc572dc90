import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorMessage } from '../lib/api';
import { PasswordField } from './password-field';

const StepUpForm = z.object({ password: z.string().min(1, 'Please enter your current password.') });
type StepUpForm = z.infer<typeof StepUpForm>;

/**
 * The server's refusal of the step-up password (missing, wrong, or too many wrong: 403/429 with a
 * field error on `currentPassword`), to show on the password field; null for any other error.
 */
export function stepUpRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.fieldErrors.some((item) => item.field === 'currentPassword')
    ? errorMessage(error)
    : null;
}

/**
 * Step-up for what moves money or hands out power (closing a period, the banking export, giving
 * a feature flag: decision 071; who is paid the leader lines: decision 076): the person types
 * their password again; a stolen session alone cannot do it. The server checks it on the call
 * itself. `passwordError` is the server's refusal of it (`stepUpRefusal`), shown on the field in
 * place of the helper text; `error` any other refusal, shown below.
 */
export function StepUpDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  color,
  busy,
  error,
  passwordLabel = 'Your password',
  passwordHelp = 'Enter your password again to confirm.',
  passwordError,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** The confirm button's colour (`danger` is 'error'). */
  color?: 'primary' | 'warning' | 'error' | 'success';
  busy: boolean;
  error: string | null;
  passwordLabel?: string;
  passwordHelp?: string;
  passwordError?: string | null;
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const form = useForm<StepUpForm>({ resolver: zodResolver(StepUpForm), defaultValues: { password: '' } });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs">
      <form onSubmit={form.handleSubmit((values) => onConfirm(values.password))} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {children}
          <Controller
            name="password"
            control={form.control}
            render={({ field: { ref, value, ...field }, fieldState }) => (
              <PasswordField
                {...field}
                ref={ref}
                id={`${id}-password`}
                value={value}
                label={passwordLabel}
                autoComplete="current-password"
                autoFocus
                error={fieldState.invalid || Boolean(passwordError)}
                helperText={fieldState.error?.message ?? passwordError ?? passwordHelp}
              />
            )}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : (color ?? 'primary')} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
