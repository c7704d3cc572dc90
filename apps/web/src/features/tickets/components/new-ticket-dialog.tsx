import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CreateSupportTicketForm,
  CreateSupportTicketRequest,
  TICKET_MESSAGES,
  type TicketFormOptions,
} from '@portal/domain/tickets/tickets';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DatePicker } from '../../../components/date-picker';
import { FormTextField } from '../../../components/form-fields';
import { MarkdownText } from '../../../components/markdown-text';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCreateSupportTicket } from '../api/tickets';
import { TicketDocumentPicker, useTicketDocuments } from './ticket-documents';

interface NewTicketDialogProps {
  open: boolean;
  options: TicketFormOptions;
  onClose: () => void;
}

const DAY = 'YYYY-MM-DD';

/** The terms a dealer agrees to on a support ticket; the spec names the section, not its words. */
export const SUPPORT_TERMS =
  'I confirm this ticket is about a query I have already logged with the supplier, that the details are correct, and that the helpdesk may share them with the supplier to resolve it.';

const empty = (supplierId: number): CreateSupportTicketForm => ({
  supplierId,
  categoryId: 0,
  ticketDate: '',
  supplierTicketNumber: '',
  userNote: '',
  agreedToTerms: false,
  documentIds: [],
});

/**
 * New Agent Support Ticket (spec 2 "Agent Support tab", §5): the supplier's instructions, category,
 * the date the ticket was logged with the supplier, its number, notes, the terms and documents.
 * Category, date and the terms are required ('Please complete all required fields'), also before
 * documents can be uploaded.
 */
export function NewTicketDialog({ open, options, onClose }: NewTicketDialogProps) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateSupportTicket();
  const { supplier, categories } = options;
  const { control, handleSubmit, reset } = useForm<CreateSupportTicketForm, unknown, CreateSupportTicketRequest>({
    resolver: zodResolver(CreateSupportTicketRequest),
    defaultValues: empty(supplier.id),
  });
  const [categoryId, ticketDate, agreed] = useWatch({ control, name: ['categoryId', 'ticketDate', 'agreedToTerms'] });
  const requiredDone = Boolean(categoryId) && Boolean(ticketDate) && agreed === true;
  const error = (message: string) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: 4000 });
  const docs = useTicketDocuments(() => error(TICKET_MESSAGES.uploadFailed));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened dialog starts empty
  useEffect(() => {
    if (!open) return;
    reset(empty(supplier.id));
    docs.clear();
    create.reset();
  }, [open, supplier.id, reset]);

  const submit = handleSubmit(
    (values) =>
      create.mutate(
        { ...values, documentIds: docs.documents.map((document) => document.id) },
        {
          onSuccess: (created) => {
            enqueueSnackbar(`Ticket ${created.ticketNum} created`, { variant: 'success' });
            onClose();
          },
          onError: () => error(TICKET_MESSAGES.createTicketFailed),
        },
      ),
    () => error(TICKET_MESSAGES.ticketRequired),
  );

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="new-ticket-title"
    >
      <DialogTitle id="new-ticket-title">New Agent Support Ticket</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {supplier.instructions ? (
            <Alert severity="info" aria-label={`${supplier.name} instructions`}>
              <MarkdownText source={supplier.instructions} />
            </Alert>
          ) : null}
          <Controller
            control={control}
            name="categoryId"
            render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                select
                required
                label="Ticket Category"
                value={value || ''}
                onChange={(event) => onChange(Number(event.target.value))}
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.message ?? (categories.length ? undefined : 'No categories for this supplier yet.')
                }
              >
                {categories.map((category) => (
                  <MenuItem key={category.id} value={category.id}>
                    {category.status}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="ticketDate"
            render={({ field, fieldState }) => (
              <DatePicker
                label="Ticket Date"
                format={DAY}
                value={field.value ? dayjs(field.value) : null}
                onChange={(value) => field.onChange(value?.isValid() ? value.format(DAY) : '')}
                disableFuture
                inputRef={field.ref}
                slotProps={{
                  textField: {
                    required: true,
                    onBlur: field.onBlur,
                    error: fieldState.invalid,
                    helperText: fieldState.error?.message ?? 'The date you logged the ticket with the supplier',
                  },
                }}
              />
            )}
          />
          <FormTextField control={control} name="supplierTicketNumber" label="Supplier Ticket Number" />
          <FormTextField control={control} name="userNote" label="Additional Notes" multiline rows={4} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2">Terms and Conditions</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {SUPPORT_TERMS}
            </Typography>
            <Controller
              control={control}
              name="agreedToTerms"
              render={({ field, fieldState }) => (
                <FormControlLabel
                  sx={{ mt: 1 }}
                  control={
                    <Checkbox
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { ref: field.ref } }}
                      color={fieldState.invalid ? 'error' : 'primary'}
                    />
                  }
                  label="I agree to the Terms and Conditions"
                />
              )}
            />
          </Paper>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Supporting Documents
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <TicketDocumentPicker
                state={docs}
                testId="ticket-documents-input"
                canChoose={() => {
                  if (!requiredDone) error(TICKET_MESSAGES.uploadBeforeRequired);
                  return requiredDone;
                }}
              />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending} disabled={docs.uploading}>
            Submit Ticket
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
