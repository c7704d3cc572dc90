import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MANAGE_USER_MESSAGES, SELECT_USER_TYPE } from '@portal/domain/people/manage-user';
import { useEffect, useState } from 'react';
import { useReferenceLists } from '../../../lib/reference-lists';
import { useChangeUserType } from '../api/manage-user';
import { useNotify } from './notify';

interface Props {
  userId: number;
  currentTypeId: number;
  open: boolean;
  onClose: () => void;
}

/** Change User Type (admins): a selection is required ('Please select a user type.'). */
export function ChangeUserTypeDialog({ userId, currentTypeId, open, onClose }: Props) {
  const lists = useReferenceLists();
  const change = useChangeUserType(userId);
  const notify = useNotify();
  const [typeId, setTypeId] = useState<number | ''>(currentTypeId);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setTypeId(currentTypeId);
      setMissing(false);
    }
  }, [open, currentTypeId]);

  const save = () => {
    if (typeId === '') {
      setMissing(true);
      return;
    }
    change.mutate(
      { refsTypeId: typeId },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (error) => notify.failure(MANAGE_USER_MESSAGES.userTypeFailed, error),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={change.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="type-title"
    >
      <DialogTitle id="type-title">Change User Type</DialogTitle>
      <DialogContent>
        {lists.isError ? (
          <Alert severity="error">{MANAGE_USER_MESSAGES.userTypesLoadFailed}</Alert>
        ) : (
          <TextField
            select
            label="User type"
            value={lists.data ? typeId : ''}
            onChange={(event) => {
              setTypeId(Number(event.target.value));
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? SELECT_USER_TYPE : ' '}
            sx={{ mt: 1 }}
            disabled={!lists.data}
          >
            {(lists.data?.userTypes ?? []).map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} loading={change.isPending} disabled={!lists.data}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
