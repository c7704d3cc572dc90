import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
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
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BackButton } from '../../../components/back-button';
import { FormTextField } from '../../../components/form-fields';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from '../api/helpdesk';
import { KindTabs, useEditableKinds } from '../components/kind-tabs';
import {
  ActiveSwitch,
  ConfirmRemoval,
  type Editing,
  ReferenceDialog,
  ReferenceListItem,
  ReferenceListLoading,
  useSaveEntry,
} from '../components/reference-editing';

const EMPTY: CannedReplyForm = { title: '', body: '', isActive: true };

function ReplyDialog({
  kind,
  editing,
  onClose,
}: {
  kind: TicketKind;
  editing: Editing<CannedReply>;
  onClose: () => void;
}) {
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

  const saveEntry = useSaveEntry(
    save,
    editing,
    { added: 'Canned reply added', updated: 'Canned reply updated' },
    onClose,
  );
  return (
    <ReferenceDialog
      id="reply-dialog-title"
      open={editing !== null}
      isNew={isNew}
      title={isNew ? 'Add Canned Reply' : 'Edit Canned Reply'}
      kind={kind}
      maxWidth="sm"
      saving={save.isPending}
      onSubmit={handleSubmit(saveEntry)}
      onClose={onClose}
    >
      <FormTextField control={control} name="title" label="Title" required />
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
            helperText={fieldState.error?.message ?? 'Variables are filled in for the ticket when the reply is used.'}
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
      <ActiveSwitch control={control} label="Offered in the message box" />
    </ReferenceDialog>
  );
}

/** Ready answers per kind, with ticket variables such as {dealer_name} and {ticket_number}. */
export function CannedRepliesPage() {
  useDocumentTitle('Canned Replies');
  const { kinds, kind, setKind } = useEditableKinds();
  const replies = useCannedReplies(kind);
  const remove = useDeleteCannedReply(kind);
  const [editing, setEditing] = useState<Editing<CannedReply>>(null);
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
        <ReferenceListLoading label="Loading canned replies" rowHeight={72} />
      ) : replies.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">No canned replies yet. Add the first one.</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Canned replies">
            {replies.data.items.map((reply) => (
              <ReferenceListItem
                key={reply.id}
                name={reply.title}
                isActive={reply.isActive}
                secondary={reply.body}
                textSlotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                alignTop
                onEdit={() => setEditing(reply)}
                removal={{
                  label: 'Delete',
                  icon: <DeleteOutlineRoundedIcon fontSize="small" />,
                  danger: true,
                  onClick: () => setDeleting(reply),
                }}
              />
            ))}
          </List>
        </Paper>
      )}
      <ReplyDialog kind={kind} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmRemoval
        entry={deleting}
        title="Delete canned reply"
        text={`Delete "${deleting?.title ?? ''}"? Messages already sent keep their text.`}
        confirmLabel="Delete"
        done="Canned reply deleted"
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
