import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FINANCE_MESSAGES } from '@portal/domain/finance';
import type { FormEventHandler, ReactNode } from 'react';
import { errorMessage } from '../../../lib/api';

/**
 * The frame of a new finance application (support or credit): the form, the save failure and the
 * Cancel / Submit footer; it cannot be closed while the application is being sent.
 */
export function ApplicationDialog({
  id,
  title,
  open,
  create,
  onSubmit,
  onClose,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  create: { isPending: boolean; isError: boolean; error: unknown };
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  // A phone gets the whole screen: five items or the credit form do not fit a floating dialog.
  const phone = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby={id}
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          {children}
          {create.isError ? (
            <Alert severity="error">{FINANCE_MESSAGES.saveFailed(errorMessage(create.error))}</Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Submit application
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
