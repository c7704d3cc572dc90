import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  SALES_NOTE_MAX_LENGTH,
  SALES_NOTE_MESSAGES,
  type SalesNote,
  type SalesNoteForm,
  type SalesNoteRequest,
  type SalesNoteSupplier,
  salesNoteFormSchema,
} from '@portal/domain/orders/sales-notes';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSaveSalesNote } from '../api/sales-notes';

interface SalesNoteDialogProps {
  open: boolean;
  supplier: SalesNoteSupplier;
  /** The note to edit; none to log a sale. */
  note?: SalesNote | undefined;
  onClose: () => void;
}

const valuesOf = (note: SalesNote | undefined): SalesNoteForm => ({
  orderNumber: note?.orderNumber ?? '',
  agentNote: note?.agentNote ?? '',
});

/** Log or edit a sale (spec 2 "Sales notes tab", §5): the reference must follow the supplier's pattern. */
export function SalesNoteDialog({ open, supplier, note, onClose }: SalesNoteDialogProps) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveSalesNote();
  const schema = useMemo(() => salesNoteFormSchema(supplier), [supplier]);
  const { control, handleSubmit, reset, setError } = useForm<SalesNoteForm, unknown, SalesNoteRequest>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(note),
  });
  const isEdit = note !== undefined;
  const referenceLabel = supplier.referenceLabel || 'Reference Number';

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened dialog starts from the note
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(note));
    save.reset();
  }, [open, note, reset]);

  const submit = handleSubmit((values) => {
    save.mutate(
      { id: note?.id, note: isEdit ? values : { ...values, supplierId: supplier.id } },
      {
        onSuccess: () => {
          enqueueSnackbar(isEdit ? SALES_NOTE_MESSAGES.edited : SALES_NOTE_MESSAGES.logged, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const onReference = isApiError(error) && error.fieldErrors.find((field) => field.field === 'orderNumber');
          if (onReference) {
            setError('orderNumber', { message: onReference.message });
            return;
          }
          enqueueSnackbar(isEdit ? SALES_NOTE_MESSAGES.editFailed : SALES_NOTE_MESSAGES.logFailed, {
            variant: 'error',
          });
        },
      },
    );
  });
  const failure =
    save.error && !(isApiError(save.error) && save.error.fieldErrors.length) ? errorMessage(save.error) : null;

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="sales-note-title"
    >
      <DialogTitle id="sales-note-title">{isEdit ? 'Edit Sale' : 'Log Sale'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Controller
            control={control}
            name="orderNumber"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={referenceLabel}
                required
                autoFocus
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { autoComplete: 'off' } }}
              />
            )}
          />
          <Controller
            control={control}
            name="agentNote"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                inputRef={ref}
                label="Note"
                multiline
                minRows={3}
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? `${(field.value ?? '').length}/${SALES_NOTE_MAX_LENGTH}`}
                slotProps={{ htmlInput: { maxLength: SALES_NOTE_MAX_LENGTH } }}
              />
            )}
          />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {isEdit ? 'Save' : 'Log Sale'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
