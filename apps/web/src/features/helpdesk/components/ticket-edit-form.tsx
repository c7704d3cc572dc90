import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminTicketForm,
  AdminTicketUpdate,
  statusLabel,
  TICKET_MESSAGES,
  TICKET_STATUSES,
  type TicketDetail,
  type TicketKind,
} from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { type Control, Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api';
import { useSupportStatuses, useUpdateTicket } from '../api/helpdesk';
import type { SupplierOption } from './console-filters';

/** Spec 3 §9: a ticket edit's error toast stays 4 seconds. */
const ERROR_TOAST_MS = 4000;

/** The lead's own fields (spec 3 §3.5), in the order the Edit Lead form shows them. */
const LEAD_FIELDS: { name: FieldPath<AdminTicketForm>; label: string; wide?: boolean; multiline?: boolean }[] = [
  { name: 'customerName', label: 'Customer Name' },
  { name: 'refNumber', label: 'Reference Number' },
  { name: 'address', label: 'Address', wide: true },
  { name: 'phoneNumber', label: 'Phone Number' },
  { name: 'alternativeNumber', label: 'Alternative Number' },
  { name: 'emailAddress', label: 'Email Address' },
  { name: 'idNumber', label: 'ID Number' },
  { name: 'title', label: 'Title' },
  { name: 'jobTitle', label: 'Job Title' },
  { name: 'maritalStatus', label: 'Marital Status' },
  { name: 'currentAddressMonths', label: 'Months at Current Address' },
  { name: 'employer', label: 'Employer' },
  { name: 'employerContactNumber', label: 'Employer Contact Number' },
  { name: 'companyName', label: 'Company Name' },
  { name: 'industry', label: 'Industry' },
  { name: 'paymentType', label: 'Payment Type' },
  { name: 'gpsLocation', label: 'GPS Location' },
];

function valuesOf(ticket: TicketDetail): AdminTicketForm {
  const base: AdminTicketForm = {
    status: ticket.status,
    inProgressStatusId: ticket.inProgressStatusId,
    closedStatusId: ticket.closedStatusId,
    feedback: ticket.feedback,
    supplierId: ticket.supplierId,
  };
  if (ticket.kind === 'agent_support') {
    return {
      ...base,
      categoryId: ticket.categoryId,
      supplierTicketNumber: ticket.supplierTicketNumber,
      supplierTicketDate: ticket.supplierTicketDate,
    };
  }
  return {
    ...base,
    customerName: ticket.customerName,
    refNumber: ticket.refNumber,
    address: ticket.address,
    phoneNumber: ticket.phoneNumber,
    alternativeNumber: ticket.alternativeNumber,
    emailAddress: ticket.emailAddress,
    idNumber: ticket.idNumber,
    title: ticket.title,
    jobTitle: ticket.jobTitle,
    maritalStatus: ticket.maritalStatus,
    currentAddressMonths: ticket.currentAddressMonths,
    employer: ticket.employer,
    employerContactNumber: ticket.employerContactNumber,
    companyName: ticket.companyName,
    industry: ticket.industry,
    paymentType: ticket.paymentType,
    gpsLocation: ticket.gpsLocation,
  };
}

interface Option {
  value: string;
  label: string;
}

/** A native select over an id field: '' is null, 'all' stays as is, anything else a number. */
function IdField({
  control,
  name,
  label,
  options,
  emptyLabel,
  disabled,
}: {
  control: Control<AdminTicketForm>;
  name: 'inProgressStatusId' | 'closedStatusId' | 'categoryId' | 'supplierId';
  label: string;
  options: readonly Option[];
  emptyLabel?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          select
          size="small"
          label={label}
          disabled={disabled}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => {
            const next = event.target.value;
            onChange(next === '' ? null : next === 'all' ? 'all' : Number(next));
          }}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}

function TextInput({
  control,
  name,
  label,
  multiline,
  type,
}: {
  control: Control<AdminTicketForm>;
  name: FieldPath<AdminTicketForm>;
  label: string;
  multiline?: boolean;
  type?: 'date' | 'number';
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          size="small"
          label={label}
          type={type}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          value={value ?? ''}
          onChange={(event) => {
            const next = event.target.value;
            if (type === 'number') onChange(next === '' ? null : Number(next));
            else onChange(type === 'date' && next === '' ? null : next);
          }}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      )}
    />
  );
}

interface TicketEditFormProps {
  kind: TicketKind;
  ticket: TicketDetail;
  suppliers: readonly SupplierOption[];
}

/**
 * The helpdesk edit (spec 3 §2.14, §3.5, §3.5a, §4.2, §4.3): status with the 'In Progress Status'
 * or 'Closed Status' list of the ticket's supplier (or all suppliers), Helpdesk Feedback, the
 * supplier ('All' is refused), and for a lead its own fields.
 */
export function TicketEditForm({ kind, ticket, suppliers }: TicketEditFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTicket(kind, ticket.id);
  const { control, handleSubmit, reset, setValue, formState } = useForm<AdminTicketForm, unknown, AdminTicketUpdate>({
    resolver: zodResolver(AdminTicketUpdate),
    defaultValues: valuesOf(ticket),
  });
  // A saved or live-updated ticket is shown as it now is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newer ticket resets the form
  useEffect(() => reset(valuesOf(ticket)), [ticket.lastUpdatedAt, ticket.id, reset]);

  const status = useWatch({ control, name: 'status' });
  const supplierId = useWatch({ control, name: 'supplierId' });
  const chosenSupplier = typeof supplierId === 'number' ? supplierId : undefined;
  const statuses = useSupportStatuses(kind, { supplierId: chosenSupplier });
  const optionsOf = (type: 'category' | 'in_progress' | 'closed'): Option[] =>
    (statuses.data?.items ?? [])
      .filter((item) => item.statusType === type && item.isActive)
      .filter((item) => chosenSupplier !== undefined || item.supplierId === null)
      .map((item) => ({ value: String(item.id), label: item.status }));
  const inProgressOptions = optionsOf('in_progress');
  const closedOptions = optionsOf('closed');
  const categoryOptions = optionsOf('category');

  const submit = handleSubmit((values) => {
    if (values.supplierId === 'all') {
      enqueueSnackbar(TICKET_MESSAGES.supplierAll, { variant: 'error', autoHideDuration: ERROR_TOAST_MS });
      return;
    }
    // Only the list the status shows is kept (spec 3 §4.2, §4.3).
    const body: AdminTicketUpdate = {
      ...values,
      inProgressStatusId: values.status === 'In Progress' ? (values.inProgressStatusId ?? null) : null,
      closedStatusId: values.status === 'Closed' ? (values.closedStatusId ?? null) : null,
    };
    update.mutate(body, {
      onSuccess: () => enqueueSnackbar(`${ticket.ticketNum} updated`, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error', autoHideDuration: ERROR_TOAST_MS }),
    });
  });

  const statusOptions = TICKET_STATUSES.map((value) => ({ value, label: statusLabel(kind, value) }));
  const supplierOptions = [
    { value: 'all', label: 'All' },
    ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
  ];
  // The ticket's own supplier stays choosable even if it is no longer live.
  if (!suppliers.some((s) => s.id === ticket.supplierId)) {
    supplierOptions.push({ value: String(ticket.supplierId), label: ticket.supplierName });
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={kind === 'sales_assist' ? 'Edit Lead' : 'Edit Ticket'}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="status"
          render={({ field: { ref, ...field } }) => (
            <TextField
              {...field}
              inputRef={ref}
              select
              size="small"
              label="Status"
              onChange={(event) => {
                field.onChange(event.target.value);
                // A sub-status belongs to its status: the other list starts empty.
                if (event.target.value !== 'In Progress') setValue('inProgressStatusId', null);
                if (event.target.value !== 'Closed') setValue('closedStatusId', null);
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {statusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </TextField>
          )}
        />
        {status === 'In Progress' ? (
          <IdField
            control={control}
            name="inProgressStatusId"
            label="In Progress Status"
            options={inProgressOptions}
            emptyLabel="None"
          />
        ) : status === 'Closed' ? (
          <IdField
            control={control}
            name="closedStatusId"
            label="Closed Status"
            options={closedOptions}
            emptyLabel="None"
          />
        ) : (
          <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        )}
        <IdField control={control} name="supplierId" label="Supplier" options={supplierOptions} />
        {kind === 'agent_support' ? (
          <IdField control={control} name="categoryId" label="Category" options={categoryOptions} emptyLabel="None" />
        ) : null}
        {kind === 'agent_support' ? (
          <>
            <TextInput control={control} name="supplierTicketNumber" label="Supplier Ticket Number" />
            <TextInput control={control} name="supplierTicketDate" label="Supplier Ticket Date" type="date" />
          </>
        ) : null}
      </Box>
      <TextInput
        control={control}
        name="feedback"
        label={kind === 'agent_support' ? 'Helpdesk Feedback' : 'Feedback'}
        multiline
      />
      {kind === 'sales_assist' ? (
        <>
          <Typography variant="subtitle2" component="h3">
            Lead details
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {LEAD_FIELDS.map((field) => (
              <Box key={field.name} sx={{ gridColumn: field.wide ? '1 / -1' : undefined, display: 'grid' }}>
                <TextInput
                  control={control}
                  name={field.name}
                  label={field.label}
                  type={field.name === 'currentAddressMonths' ? 'number' : undefined}
                />
              </Box>
            ))}
          </Box>
        </>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={() => reset(valuesOf(ticket))} disabled={!formState.isDirty || update.isPending}>
          Reset
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Update
        </Button>
      </Box>
    </Box>
  );
}
