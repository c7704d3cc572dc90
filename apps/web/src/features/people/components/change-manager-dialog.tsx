import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type EligibleManager, NO_VALID_MANAGERS } from '@portal/domain/people/manage-user';
import type { PersonRef } from '@portal/domain/people/user-detail';
import { useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { ApiError, errorMessage } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useChangeManager, useEligibleManagers } from '../api/manage-user';
import { useNotify } from './notify';

const label = (person: PersonRef) => `${person.zCode}: ${person.firstName} ${person.surname}`;

interface Props {
  userId: number;
  currentParent: PersonRef | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Change Manager (spec 1 §2.11, §4): a leader outside the user's downstream; 'Move with children'
 * (default checked) keeps the children with the user. Errors show inside the dialog. A move changes
 * who is paid the leader override on the user's sales, so the admin's own password goes with it
 * (step-up, decision 075), asked once a manager other than the current one is chosen.
 */
export function ChangeManagerDialog({ userId, currentParent, open, onClose }: Props) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const [manager, setManager] = useState<EligibleManager | null>(null);
  const [moveWithChildren, setMoveWithChildren] = useState(true);
  const [currentPassword, setCurrentPassword] = useState('');
  const managers = useEligibleManagers(userId, manager ? '' : search, open);
  const change = useChangeManager(userId);
  const notify = useNotify();

  const close = () => {
    setInput('');
    setManager(null);
    setMoveWithChildren(true);
    setCurrentPassword('');
    change.reset();
    onClose();
  };
  const noneAtAll = managers.data?.total === 0 && !search;
  // The current manager again is refused by the server as it is ('same'): nothing moves, no password.
  const moves = manager !== null && manager.id !== currentParent?.id;
  // A missing or wrong own password (403), or too many wrong ones (429): said beside the field.
  const passwordError =
    change.error instanceof ApiError && change.error.fieldErrors.some((item) => item.field === 'currentPassword')
      ? errorMessage(change.error)
      : null;

  return (
    <Dialog
      open={open}
      onClose={change.isPending ? undefined : close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="manager-title"
    >
      <DialogTitle id="manager-title">Change Manager</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`Current manager: ${currentParent ? label(currentParent) : 'Top Level'}`}
        </Typography>
        {managers.isError ? <Alert severity="error">{errorMessage(managers.error)}</Alert> : null}
        {noneAtAll ? (
          <Alert severity="info">{NO_VALID_MANAGERS}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Autocomplete
              options={managers.data?.items ?? []}
              value={manager}
              onChange={(_event, value) => setManager(value)}
              inputValue={input}
              onInputChange={(_event, value) => setInput(value)}
              filterOptions={(options) => options}
              getOptionLabel={label}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              loading={managers.isFetching}
              noOptionsText={search ? 'No matching managers' : NO_VALID_MANAGERS}
              renderInput={(params) => (
                <TextField {...params} label="New manager" placeholder="Search by name, e-mail or Z-ID" />
              )}
            />
            {managers.data && managers.data.total > managers.data.items.length ? (
              <FormHelperText>{`Showing ${managers.data.items.length} of ${managers.data.total}; type to narrow the list.`}</FormHelperText>
            ) : null}
            <FormControlLabel
              control={<Checkbox checked={moveWithChildren} onChange={(_event, value) => setMoveWithChildren(value)} />}
              label="Move with children"
            />
            <FormHelperText sx={{ mt: -1 }}>
              {moveWithChildren
                ? "The user's team moves with them."
                : "The user's direct team members stay behind and report to the user's current manager."}
            </FormHelperText>
            {moves ? (
              <PasswordField
                id="change-manager-current-password"
                label="Current password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                error={passwordError !== null}
                helperText={passwordError ?? 'Your own password. Needed to move a user to another manager'}
              />
            ) : null}
          </Box>
        )}
        {change.isError && passwordError === null ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(change.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={change.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!manager || (moves && !currentPassword)}
          loading={change.isPending}
          onClick={() =>
            manager &&
            change.mutate(
              { managerId: manager.id, moveWithChildren, ...(moves ? { currentPassword } : {}) },
              {
                onSuccess: (answer) => {
                  notify.success(answer.message);
                  close();
                },
              },
            )
          }
        >
          Change Manager
        </Button>
      </DialogActions>
    </Dialog>
  );
}
