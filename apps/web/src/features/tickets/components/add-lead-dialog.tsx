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
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CreateLeadForm,
  type CreateLeadRequest,
  leadFormSchema,
  TICKET_MESSAGES,
  type TicketFormOptions,
} from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormNativeSelect, FormTextField } from '../../../components/form-fields';
import { MarkdownText } from '../../../components/markdown-text';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCreateLead } from '../api/tickets';
import { TicketDocumentPicker, useTicketDocuments } from './ticket-documents';

interface AddLeadDialogProps {
  open: boolean;
  options: TicketFormOptions;
  onClose: () => void;
}

const EMPTY: CreateLeadForm = {
  supplierId: 0,
  customerName: '',
  address: '',
  phoneNumber: '',
  alternativeNumber: '',
  emailAddress: '',
  idNumber: '',
  refNumber: '',
  title: '',
  jobTitle: '',
  maritalStatus: '',
  currentAddressMonths: null,
  employer: '',
  employerContactNumber: '',
  companyName: '',
  industry: '',
  paymentType: '',
  gpsLocation: '',
  agentNote: '',
  agreedToTerms: false,
  platform: 'App',
  documentIds: [],
};

/** Terms the dealer agrees to on a lead; the spec names the checkbox, not its words. */
export const LEAD_TERMS =
  'I confirm the customer agreed to be contacted by the supplier about this lead and that the details are correct.';

/**
 * Add Lead (spec 2 §5): customer name, address, phone, e-mail, ID number and the terms are
 * required ('Please add all required fields'); the payment type is asked, and required, only when
 * the supplier offers payment types; a reference must fit the supplier's pattern.
 */
export function AddLeadDialog({ open, options, onClose }: AddLeadDialogProps) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateLead();
  const { supplier } = options;
  const schema = useMemo(() => leadFormSchema(supplier), [supplier]);
  const { control, handleSubmit, reset } = useForm<CreateLeadForm, unknown, CreateLeadRequest>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY, supplierId: supplier.id },
  });
  const docs = useTicketDocuments(() => enqueueSnackbar(TICKET_MESSAGES.uploadFailed, { variant: 'error' }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened dialog starts empty
  useEffect(() => {
    if (!open) return;
    reset({ ...EMPTY, supplierId: supplier.id });
    docs.clear();
    create.reset();
  }, [open, supplier.id, reset]);

  const submit = handleSubmit(
    (values) =>
      create.mutate(
        { ...values, documentIds: docs.documents.map((document) => document.id) },
        {
          onSuccess: (created) => {
            enqueueSnackbar(`Lead ${created.ticketNum} created`, { variant: 'success' });
            onClose();
          },
          onError: () => enqueueSnackbar(TICKET_MESSAGES.createFailed, { variant: 'error' }),
        },
      ),
    () => enqueueSnackbar(TICKET_MESSAGES.leadRequired, { variant: 'error' }),
  );

  const text = (name: keyof CreateLeadForm, label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} label={label} {...extra} />
  );

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isMobile}
      aria-labelledby="add-lead-title"
    >
      <DialogTitle id="add-lead-title">Add Lead</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          {supplier.instructions ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              <MarkdownText source={supplier.instructions} />
            </Alert>
          ) : null}
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Customer
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {text('customerName', 'Customer Name', { required: true, autoFocus: true })}
            {text('idNumber', 'ID Number', { required: true })}
            {text('phoneNumber', 'Phone Number', { required: true, type: 'tel' })}
            {text('alternativeNumber', 'Alternative Number', { type: 'tel' })}
            {text('emailAddress', 'Email Address', { required: true, type: 'email' })}
            {text('title', 'Title')}
            <Box sx={{ gridColumn: '1 / -1' }}>{text('address', 'Address', { required: true, fullWidth: true })}</Box>
            {text('refNumber', 'Reference Number')}
            {supplier.paymentTypes.length > 0 ? (
              <FormNativeSelect
                control={control}
                name="paymentType"
                label="Payment Type"
                required
                emptyLabel="Select a payment type"
                options={supplier.paymentTypes.map((type) => ({ value: type, label: type }))}
              />
            ) : null}
            {text('gpsLocation', 'GPS Location')}
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
            Employment and residence
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {text('jobTitle', 'Job Title')}
            {text('maritalStatus', 'Marital Status')}
            <Controller
              control={control}
              name="currentAddressMonths"
              render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Months at Current Address"
                  value={value ?? ''}
                  onChange={(event) => {
                    const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
                    onChange(digits ? Number(digits) : null);
                  }}
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
            />
            {text('employer', 'Employer')}
            {text('employerContactNumber', 'Employer Contact Number', { type: 'tel' })}
            {text('companyName', 'Company Name')}
            {text('industry', 'Industry')}
          </Box>
          <Box sx={{ mt: 2 }}>{text('agentNote', 'Agent Note', { multiline: true, minRows: 3, fullWidth: true })}</Box>
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <TicketDocumentPicker state={docs} testId="lead-documents-input" />
          </Box>
          <Controller
            control={control}
            name="agreedToTerms"
            render={({ field, fieldState }) => (
              <Box sx={{ mt: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {LEAD_TERMS}
                </Typography>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { ref: field.ref } }}
                    />
                  }
                  label="I agree to the Terms and Conditions"
                />
                {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
              </Box>
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending} disabled={docs.uploading}>
            Submit Lead
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
