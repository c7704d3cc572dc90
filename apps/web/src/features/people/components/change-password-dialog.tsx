import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { PASSWORD_MIN_LENGTH, PASSWORD_UPDATE_FAILED } from '@portal/domain/people/manage-user';
import { type FormEvent, useState } from 'react';
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
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const change = useChangePassword(userId);
  const notify = useNotify();

  const close = () => {
    setPassword('');
    setVisible(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return;
    change.mutate(password, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        close();
      },
      onError: (error) => notify.failure(PASSWORD_UPDATE_FAILED, error),
    });
  };

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
          <TextField
            autoFocus
            label="New password"
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={visible ? 'Hide password' : 'Show password'}
                      onClick={() => setVisible((value) => !value)}
                      edge="end"
                    >
                      {visible ? <VisibilityOffRoundedIcon /> : <VisibilityRoundedIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
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
