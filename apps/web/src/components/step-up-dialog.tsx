import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from './form-fields';

const StepUpForm = z.object({ password: z.string().min(1, 'Please enter your current password.') });
type StepUpForm = z.infer<typeof StepUpForm>;

/**
 * Step-up for what moves money or hands out power (closing a period, the banking export, giving
 * a feature flag: decision 071): the admin types their password again; a stolen session alone
 * cannot do it. The server checks it on the call itself.
 */
export function StepUpDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
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
          <FormTextField
            control={form.control}
            name="password"
            type="password"
            label="Your password"
            autoComplete="current-password"
            autoFocus
            fullWidth
            helperText="Enter your password again to confirm."
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
