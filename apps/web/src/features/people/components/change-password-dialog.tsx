import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  ChangeUserPasswordRequest,
  PASSWORD_MIN_LENGTH,
  PASSWORD_UPDATE_FAILED,
} from '@portal/domain/people/manage-user';
import { useForm, useWatch } from 'react-hook-form';
import { FormPasswordField } from '../../../components/password-field';
import { ApiError, errorMessage } from '../../../lib/api';
import { useChangePassword } from '../api/manage-user';
import { useNotify } from './notify';

/**
 * Admin sets a user's password (spec 1 §5.7): confirm is disabled under 6 characters. The admin's
 * own password goes with it (step-up, decision 071): a session alone sets no one's password.
 */
export function ChangePasswordDialog({
  userId,
  open,
  onClose,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { control, handleSubmit, reset, setError } = useForm<ChangeUserPasswordRequest>({
    resolver: zodResolver(ChangeUserPasswordRequest),
    defaultValues: { password: '', currentPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const change = useChangePassword(userId);
  const notify = useNotify();

  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        close();
      },
      onError: (error) => {
        // A missing or wrong own password (403), or too many wrong ones (429): said beside it.
        if (error instanceof ApiError && error.fieldErrors.some((item) => item.field === 'currentPassword')) {
          setError('currentPassword', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
          return;
        }
        notify.failure(PASSWORD_UPDATE_FAILED, error);
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={change.isPending ? undefined : close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="password-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="password-title">Change Password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The user is signed out everywhere and signs in with the new password.
          </DialogContentText>
          <FormPasswordField
            control={control}
            name="password"
            id="change-user-password"
            label="New password"
            autoComplete="new-password"
            autoFocus
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
          />
          <FormPasswordField
            control={control}
            name="currentPassword"
            id="change-user-current-password"
            label="Current password"
            autoComplete="current-password"
            helperText="Your own password. Needed to set another user's password"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={password.length < PASSWORD_MIN_LENGTH}
            loading={change.isPending}
          >
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
