import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { CreditApplicationForm, FINANCE_MESSAGES, SUPPORT_TYPES, toCreditRequest } from '@portal/domain/finance';
import { formatRand } from '@portal/domain/platform/format';
import { useEffect } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { DetailGrid } from '../../../components/detail-grid';
import { FormNativeSelect, FormTextField } from '../../../components/form-fields';
import { errorMessage, isApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useAvailableCredit, useCreateCreditApplication } from '../api/finance';
import { ApplicationDialog } from './application-dialog';

interface Props {
  userId: number;
  dealerName: string;
  open: boolean;
  onClose: () => void;
  onCreated: (message: string) => void;
}

const EMPTY: CreditApplicationForm = {
  creditType: '',
  cosigner: 'no',
  cosignerCode: '',
  requestValue: '',
  assetType: '',
  assetDescription: '',
  assetUniqueNumber: '',
  months: '',
  monthlyPayment: '',
};

/** The server's field names → the form's. */
const FIELDS: Record<string, Path<CreditApplicationForm>> = {
  cosignerCode: 'cosignerCode',
  requestValue: 'requestValue',
  requestValueCents: 'requestValue',
  months: 'months',
  monthlyPayment: 'monthlyPayment',
  monthlyPaymentCents: 'monthlyPayment',
};

const rand = { input: { startAdornment: <InputAdornment position="start">R</InputAdornment> } };

/**
 * New Credit Application (spec 3 §5.7): cosigner yes/no (no clears the code), a numeric Request
 * Value, the asset, months and monthly payment, next to the dealer's available credit.
 */
export function CreditApplicationDialog({ userId, dealerName, open, onClose, onCreated }: Props) {
  const create = useCreateCreditApplication(userId);
  const available = useAvailableCredit(userId, open);
  const { control, handleSubmit, reset, setValue, setError, clearErrors } = useForm<CreditApplicationForm>({
    defaultValues: EMPTY,
    resolver: lazyZodResolver(async () => CreditApplicationForm),
  });
  const cosigner = useWatch({ control, name: 'cosigner' });

  // Each opening starts empty (the mutation's reset is stable).
  const resetCreate = create.reset;
  useEffect(() => {
    if (open) {
      reset(EMPTY);
      resetCreate();
    }
  }, [open, reset, resetCreate]);

  const submit = handleSubmit((form) =>
    create.mutate(toCreditRequest(form), {
      onSuccess: () => {
        onCreated(FINANCE_MESSAGES.creditCreated);
        onClose();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const fieldError of error.fieldErrors) {
          const field = FIELDS[fieldError.field];
          if (field) setError(field, { message: fieldError.message });
        }
      },
    }),
  );

  const limits = available.data;
  return (
    <ApplicationDialog
      id="credit-application-title"
      title="New Credit Application"
      open={open}
      create={create}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary">For {dealerName}.</Typography>
      <Box
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'action.hover' }}
        aria-label="Available credit"
        role="region"
      >
        {limits ? (
          <>
            <Typography variant="h6" component="p" sx={{ mb: 1 }}>
              Available credit: {formatRand(limits.availableCreditCents)}
            </Typography>
            <DetailGrid
              items={[
                { label: `Maximum credit (Tier ${limits.tier})`, value: formatRand(limits.maxCreditCents) },
                { label: 'Outstanding credit', value: formatRand(limits.outstandingCreditCents) },
                { label: 'Months', value: `up to ${limits.months}` },
                { label: 'Maximum monthly payment', value: formatRand(limits.maximumMonthlyPaymentCents) },
              ]}
            />
          </>
        ) : available.isError ? (
          <Alert severity="warning">{errorMessage(available.error)}</Alert>
        ) : (
          <Typography color="text.secondary">Loading the available credit…</Typography>
        )}
      </Box>

      <FormNativeSelect
        control={control}
        name="creditType"
        label="Credit type"
        emptyLabel="Select a credit type"
        options={SUPPORT_TYPES.map((type) => ({ value: type, label: type }))}
      />

      <Controller
        control={control}
        name="cosigner"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="cosigner-label">Cosigner</FormLabel>
            <RadioGroup
              row
              aria-labelledby="cosigner-label"
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                // No cosigner: the code goes (spec 3 §5.7).
                if (event.target.value === 'no') {
                  setValue('cosignerCode', '');
                  clearErrors('cosignerCode');
                }
              }}
            >
              <FormControlLabel value="yes" control={<Radio />} label="Yes" />
              <FormControlLabel value="no" control={<Radio />} label="No" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {cosigner === 'yes' ? (
        <FormTextField
          control={control}
          name="cosignerCode"
          label="Cosigner agent code"
          placeholder="Z-123"
          helperText="The cosigner’s dealer code"
        />
      ) : null}

      <FormTextField control={control} name="requestValue" label="Request Value" inputMode="decimal" slotProps={rand} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="assetType" label="Asset type" placeholder="e.g. Vehicle" />
        <FormTextField control={control} name="assetUniqueNumber" label="Asset unique number" />
      </Box>
      <FormTextField control={control} name="assetDescription" label="Asset description" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="months"
          label="Months"
          inputMode="numeric"
          helperText={limits ? `At most ${limits.months}` : undefined}
        />
        <FormTextField
          control={control}
          name="monthlyPayment"
          label="Monthly payment"
          inputMode="decimal"
          slotProps={rand}
          helperText={limits ? `At most ${formatRand(limits.maximumMonthlyPaymentCents)}` : undefined}
        />
      </Box>
    </ApplicationDialog>
  );
}
