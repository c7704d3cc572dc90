import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { APPROVAL_MESSAGES, type ApprovalDetail } from '@portal/domain/approvals/approvals';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useApprovalAction } from '../api/approvals';

/** Approve / Decline / Delete (spec 1 §2.11, §4; spec 3 §4.6), for admins. */
export function ApprovalPanel({ detail, onEmailFailed }: { detail: ApprovalDetail; onEmailFailed: () => void }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const action = useApprovalAction(detail.id);
  const [dialog, setDialog] = useState<'decline' | 'delete' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const name = `${detail.request.firstName} ${detail.request.surname}`;
  const canApprove = detail.emailVerified && detail.phoneVerified;

  const approve = () =>
    action.mutate(
      { action: 'approve' },
      {
        onSuccess: (result) => {
          if (result.emailSent === false) {
            // The approval stands; the page says the e-mail did not go (spec 1 §4).
            onEmailFailed();
            return;
          }
          enqueueSnackbar(`${name} (${detail.zCode}) approved.`, { variant: 'success', autoHideDuration: 5000 });
          navigate(paths.manageDealers);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  const decline = () => {
    if (!reason.trim()) {
      setReasonError(APPROVAL_MESSAGES.reasonRequired);
      return;
    }
    action.mutate(
      { action: 'decline', reason: reason.trim() },
      {
        onSuccess: () => {
          setDialog(null);
          enqueueSnackbar(`${name}'s request was declined.`, { variant: 'info' });
          navigate(paths.approvals);
        },
        onError: (error) => setReasonError(errorMessage(error)),
      },
    );
  };

  const remove = () =>
    action.mutate(
      { action: 'delete' },
      {
        onSuccess: () => {
          setDialog(null);
          enqueueSnackbar(`${name}'s request was deleted.`, { variant: 'info' });
          navigate(paths.approvals);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, mb: 2, borderColor: 'primary.light' }}
      component="section"
      aria-label="Approval"
    >
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Approval
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {detail.status === 5
          ? 'This request was declined. You can still approve or delete it.'
          : 'The user has verified their e-mail address and cellphone number.'}
      </Typography>
      {!canApprove ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Approval needs a verified e-mail address and cellphone number.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckRoundedIcon />}
          onClick={approve}
          disabled={!canApprove || action.isPending}
          loading={action.isPending && action.variables?.action === 'approve'}
        >
          Approve
        </Button>
        {detail.status === 1 ? (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<CloseRoundedIcon />}
            onClick={() => {
              setReason('');
              setReasonError(null);
              setDialog('decline');
            }}
            disabled={action.isPending}
          >
            Decline
          </Button>
        ) : null}
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineRoundedIcon />}
          onClick={() => setDialog('delete')}
          disabled={action.isPending}
        >
          Delete
        </Button>
      </Box>

      <Dialog open={dialog === 'decline'} onClose={() => setDialog(null)} fullWidth maxWidth="sm">
        <DialogTitle>Decline request</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Tell {detail.submittedBy?.name ?? 'the submitter'} why {name}'s request is declined. They can fix it and
            resubmit.
          </DialogContentText>
          <TextField
            label="Reason"
            multiline
            minRows={3}
            fullWidth
            required
            autoFocus
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            error={Boolean(reasonError)}
            helperText={reasonError}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button variant="contained" color="warning" onClick={decline} loading={action.isPending}>
            Decline
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={dialog === 'delete'} onClose={() => setDialog(null)}>
        <DialogTitle>Delete request</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete {name}'s request? The user is marked deleted and cannot be approved afterwards.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button variant="contained" color="error" onClick={remove} loading={action.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
