import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  CANNED_REPLY_VARIABLES,
  type CannedReply,
  type CannedReplyForm,
  CannedReplyRequest,
  type TicketKind,
} from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BackButton } from '../../../components/back-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from '../api/helpdesk';
import { KIND_LABEL, KindTabs, useEditableKinds } from '../components/kind-tabs';

const EMPTY: CannedReplyForm = { title: '', body: '', isActive: true };

function ReplyDialog({
  kind,
  editing,
  onClose,
}: {
  kind: TicketKind;
  editing: CannedReply | 'new' | null;
  onClose: () => void;
}) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveCannedReply(kind);
  const body = useRef<HTMLTextAreaElement | null>(null);
  const { control, handleSubmit, reset, getValues, setValue } = useForm<CannedReplyForm, unknown, CannedReplyRequest>({
    resolver: zodResolver(CannedReplyRequest),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (editing)
      reset(editing === 'new' ? EMPTY : { title: editing.title, body: editing.body, isActive: editing.isActive });
  }, [editing, reset]);
  const isNew = editing === 'new';

  /** Puts a variable where the cursor is in the reply. */
  const insertVariable = (name: string) => {
    const current = getValues('body');
    const start = body.current?.selectionStart ?? current.length;
    const end = body.current?.selectionEnd ?? current.length;
    setValue('body', `${current.slice(0, start)}${name}${current.slice(end)}`, { shouldDirty: true });
    requestAnimationFrame(() => {
      body.current?.focus();
      body.current?.setSelectionRange(start + name.length, start + name.length);
    });
  };

  const submit = handleSubmit((values) =>
    save.mutate(
      { id: isNew || !editing ? undefined : editing.id, body: values },
      {
        onSuccess: () => {
          enqueueSnackbar(isNew ? 'Canned reply added' : 'Canned reply updated', { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    ),
  );
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="reply-dialog-title"
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id="reply-dialog-title">{isNew ? 'Add Canned Reply' : 'Edit Canned Reply'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', alignContent: 'start' }}>
          <Typography variant="body2" color="text.secondary">
            {KIND_LABEL[kind]}
          </Typography>
          <Controller
            control={control}
            name="title"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label="Title"
                required
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="body"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={(element: HTMLTextAreaElement | null) => {
                  ref(element);
                  body.current = element;
                }}
                label="Reply"
                required
                multiline
                minRows={5}
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.message ?? 'Variables are filled in for the ticket when the reply is used.'
                }
              />
            )}
          />
          <Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              Insert a variable
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
              {CANNED_REPLY_VARIABLES.map((variable) => (
                <Tooltip key={variable.name} title={variable.description} describeChild>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={variable.name}
                    onClick={() => insertVariable(variable.name)}
                  />
                </Tooltip>
              ))}
            </Box>
          </Box>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch checked={field.value !== false} onChange={(event) => field.onChange(event.target.checked)} />
                }
                label="Offered in the message box"
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {isNew ? 'Add' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Ready answers per kind, with ticket variables such as {dealer_name} and {ticket_number}. */
export function CannedRepliesPage() {
  useDocumentTitle('Canned Replies');
  const { kinds, kind, setKind } = useEditableKinds();
  const replies = useCannedReplies(kind);
  const remove = useDeleteCannedReply(kind);
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  return (
    <Box sx={{ maxWidth: 900 }}>
      <BackButton fallback={paths.adminSection} />
      <PageHeader
        title="Canned Replies"
        subtitle="Ready answers the helpdesk puts into a reply, filled in with the ticket's details"
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
            Add Reply
          </Button>
        }
      />
      <KindTabs kinds={kinds} kind={kind} onChange={setKind} />
      {replies.isError ? (
        <LoadErrorAlert error={replies.error} onRetry={() => void replies.refetch()} />
      ) : replies.isPending ? (
        <Box role="status" aria-label="Loading canned replies">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={72} />
          ))}
        </Box>
      ) : replies.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">No canned replies yet. Add the first one.</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Canned replies">
            {replies.data.items.map((reply) => (
              <ListItem
                key={reply.id}
                divider
                alignItems="flex-start"
                sx={{ pr: 12, opacity: reply.isActive ? 1 : 0.6 }}
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${reply.title}`} onClick={() => setEditing(reply)}>
                        <EditRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${reply.title}`} color="error" onClick={() => setDeleting(reply)}>
                        <DeleteOutlineRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                }
              >
                <ListItemText
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      {reply.title}
                      {reply.isActive ? null : <Chip size="small" label="Inactive" />}
                    </Box>
                  }
                  secondary={reply.body}
                  slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ReplyDialog kind={kind} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete canned reply"
        text={`Delete "${deleting?.title ?? ''}"? Messages already sent keep their text.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              enqueueSnackbar('Canned reply deleted', { variant: 'success' });
              setDeleting(null);
            },
            onError: (error) => {
              enqueueSnackbar(errorMessage(error), { variant: 'error' });
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
