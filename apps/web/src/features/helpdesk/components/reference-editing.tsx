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
import ListItem from '@mui/material/ListItem';
import ListItemText, { type ListItemTextProps } from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TicketKind } from '@portal/domain/tickets/tickets';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { FormEventHandler, ReactNode } from 'react';
import { type Control, Controller, type Path } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { KIND_LABEL } from './kind-tabs';

// What the helpdesk's reference pages (canned replies, support statuses) share: a list of entries
// per kind, each edited in the same dialog and taken out of use after a confirmation.

/** The entry a reference dialog edits: a new one, an existing one, or none (closed). */
export type Editing<T> = T | 'new' | null;

type SaveMutation<B> = UseMutationResult<unknown, Error, { id?: number | undefined; body: B }>;

/** Saves the dialog's values as a new entry or over the edited one, says so, and closes. */
export function useSaveEntry<T extends { id: number }, B>(
  save: SaveMutation<B>,
  editing: Editing<T>,
  said: { added: string; updated: string },
  onClose: () => void,
) {
  const { enqueueSnackbar } = useSnackbar();
  const isNew = editing === 'new';
  return (values: B) =>
    save.mutate(
      { id: isNew || !editing ? undefined : editing.id, body: values },
      {
        onSuccess: () => {
          enqueueSnackbar(isNew ? said.added : said.updated, { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
}

/** The add/edit dialog: a form under the kind's name, with Cancel and Add (new) or Save. */
export function ReferenceDialog({
  id,
  open,
  isNew,
  title,
  kind,
  maxWidth,
  saving,
  onSubmit,
  onClose,
  children,
}: {
  id: string;
  open: boolean;
  isNew: boolean;
  title: string;
  kind: TicketKind;
  maxWidth: 'xs' | 'sm';
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const isMobile = useIsMobile();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={isMobile} aria-labelledby={id}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', alignContent: 'start' }}>
          <Typography variant="body2" color="text.secondary">
            {KIND_LABEL[kind]}
          </Typography>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={saving}>
            {isNew ? 'Add' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Whether the entry is offered (its `isActive` field); an inactive one stays on tickets that have it. */
export function ActiveSwitch<Form extends { isActive?: boolean | undefined }>({
  control,
  label,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: forms with a resolver have a different output type
  control: Control<Form, any, any>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={'isActive' as Path<Form>}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch checked={field.value !== false} onChange={(event) => field.onChange(event.target.checked)} />
          }
          label={label}
        />
      )}
    />
  );
}

/** Placeholder rows while a reference list loads. */
export function ReferenceListLoading({ label, rowHeight }: { label: string; rowHeight: number }) {
  return (
    <Box role="status" aria-label={label}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={rowHeight} />
      ))}
    </Box>
  );
}

/** One entry: its name with its chips (Inactive ones dimmed), an Edit button and its removal button. */
export function ReferenceListItem({
  name,
  isActive,
  chips,
  secondary,
  textSlotProps,
  alignTop,
  onEdit,
  removal,
}: {
  name: string;
  isActive: boolean;
  chips?: ReactNode;
  secondary: ReactNode;
  textSlotProps?: ListItemTextProps['slotProps'];
  alignTop?: boolean;
  onEdit: () => void;
  /** Left out where the entry cannot be taken out of use again (an inactive status). */
  removal: { label: string; icon: ReactNode; danger?: boolean; onClick: () => void } | null;
}) {
  return (
    <ListItem
      divider
      alignItems={alignTop ? 'flex-start' : undefined}
      sx={{ pr: 12, opacity: isActive ? 1 : 0.6 }}
      secondaryAction={
        <Box sx={{ display: 'flex' }}>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${name}`} onClick={onEdit}>
              <EditRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {removal ? (
            <Tooltip title={removal.label}>
              <IconButton
                aria-label={`${removal.label} ${name}`}
                color={removal.danger ? 'error' : undefined}
                onClick={removal.onClick}
              >
                {removal.icon}
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      }
    >
      <ListItemText
        primary={
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {name}
            {chips}
            {isActive ? null : <Chip size="small" label="Inactive" />}
          </Box>
        }
        secondary={secondary}
        {...(textSlotProps ? { slotProps: textSlotProps } : {})}
      />
    </ListItem>
  );
}

/** The confirmation before an entry is taken out of use; it closes whether that worked or not. */
export function ConfirmRemoval<T extends { id: number }>({
  entry,
  title,
  text,
  confirmLabel,
  done,
  remove,
  onClose,
}: {
  entry: T | null;
  title: string;
  text: string;
  confirmLabel: string;
  done: string;
  remove: UseMutationResult<unknown, Error, number>;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <ConfirmDialog
      open={entry !== null}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      danger
      loading={remove.isPending}
      onConfirm={() =>
        entry &&
        remove.mutate(entry.id, {
          onSuccess: () => {
            enqueueSnackbar(done, { variant: 'success' });
            onClose();
          },
          onError: (error) => {
            enqueueSnackbar(errorMessage(error), { variant: 'error' });
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}
