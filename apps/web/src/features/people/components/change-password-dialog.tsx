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
import { useChangePassword } from '../api/manage-user';
import { useNotify } from './notify';

/** Admin sets a user's password (spec 1 §5.7): confirm is disabled under 6 characters. */
export function ChangePasswordDialog({
  userId,
  open,
  onClose,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { control, handleSubmit, reset } = useForm<ChangeUserPasswordRequest>({
    resolver: zodResolver(ChangeUserPasswordRequest),
    defaultValues: { password: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const change = useChangePassword(userId);
  const notify = useNotify();

  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((values) =>
    change.mutate(values.password, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        close();
      },
      onError: (error) => notify.failure(PASSWORD_UPDATE_FAILED, error),
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
