import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { NewUserForm } from '@portal/domain/people/new-user';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { stepGrid } from './personal-step';
import { digitsOnly, WizardSelect, WizardText } from './wizard-fields';

/** Step 4 (spec 1 §2.7): bank or eWallet; choosing a bank fills its branch code. */
export function BankingStep({ lists, disabled }: { lists: ReferenceLists; disabled?: boolean }) {
  const { control, setValue, clearErrors } = useFormContext<NewUserForm>();
  const paymentType = useWatch({ control, name: 'refsPaymentType' });
  return (
    <Box sx={{ display: 'grid', gap: 2, opacity: disabled ? 0.5 : 1 }} aria-disabled={disabled}>
      <Controller
        name="refsPaymentType"
        control={control}
        render={({ field }) => (
          <Box>
            <FormLabel id="payment-type-label">Payment type</FormLabel>
            <RadioGroup
              row
              aria-labelledby="payment-type-label"
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                clearErrors(['bank', 'refsBankAccountType', 'bankAccountNumber', 'branchCode']);
              }}
            >
              {lists.paymentTypes.map((type) => (
                <FormControlLabel
                  key={type.value}
                  value={type.value}
                  control={<Radio disabled={disabled} />}
                  label={type.label}
                />
              ))}
            </RadioGroup>
          </Box>
        )}
      />
      {paymentType === 'bank' ? (
        <Box sx={stepGrid}>
          <WizardSelect
            name="bank"
            label="Bank"
            required
            disabled={disabled}
            options={lists.banks.map((bank) => ({ value: bank.name, label: bank.name }))}
            onValue={(name) => {
              const bank = lists.banks.find((entry) => entry.name === name);
              setValue('branchCode', bank?.branchCode ?? '');
              clearErrors('branchCode');
            }}
          />
          <WizardSelect
            name="refsBankAccountType"
            label="Account type"
            required
            numeric
            disabled={disabled}
            options={lists.bankAccountTypes.map((type) => ({ value: type.id, label: type.name }))}
          />
          <WizardText
            name="bankAccountNumber"
            label="Account number"
            required
            disabled={disabled}
            maxLength={20}
            transform={digitsOnly}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <WizardText
            name="branchCode"
            label="Branch code"
            required
            helperText="Filled in from the chosen bank"
            slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
          />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="info">eWallet payments are sent to the user's primary phone number.</Alert>
          <Box sx={stepGrid}>
            <WizardText name="eWalletLink" label="eWallet link" disabled={disabled} helperText="Optional" />
          </Box>
        </Box>
      )}
    </Box>
  );
}
