import Box from '@mui/material/Box';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { stepGrid } from './personal-step';
import { digitsOnly, WizardSelect, WizardText } from './wizard-fields';

/** Step 2 (spec 1 §2.7): where the new user lives. */
export function AddressStep({ lists }: { lists: ReferenceLists }) {
  return (
    <Box sx={stepGrid}>
      <WizardText name="street" label="Street address" required autoComplete="off" />
      <WizardText name="suburb" label="Suburb" required autoComplete="off" />
      <WizardText name="city" label="City" required autoComplete="off" />
      <WizardSelect name="province" label="Province" options={lists.provinces} required />
      <WizardText
        name="postalCode"
        label="Postal code"
        required
        maxLength={4}
        transform={digitsOnly}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <WizardSelect name="country" label="Country" options={lists.countries} required />
    </Box>
  );
}
