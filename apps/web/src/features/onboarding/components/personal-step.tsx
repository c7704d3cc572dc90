import Box from '@mui/material/Box';
import type { ManagerOption, NewUserForm } from '@portal/domain/people/new-user';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { useFormContext, useWatch } from 'react-hook-form';
import { keepPhoneCharacters, PHONE_INPUT } from '../../../lib/phone-input';
import type { AvailabilityField } from '../api/availability';
import { ManagerField } from './manager-field';
import { WizardDate, WizardSelect, WizardText } from './wizard-fields';

interface PersonalStepProps {
  lists: ReferenceLists;
  defaultManager: ManagerOption;
  canChooseUserType: boolean;
  /** The on-blur duplicate check of an ID/passport number, phone or e-mail. */
  onCheck: (field: AvailabilityField) => void;
  onManagerChosen: (option: ManagerOption | null) => void;
}

export const stepGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** Step 1 (spec 1 §2.7): who the new user is, how to reach them, and their manager. */
export function PersonalStep({
  lists,
  defaultManager,
  canChooseUserType,
  onCheck,
  onManagerChosen,
}: PersonalStepProps) {
  const { control } = useFormContext<NewUserForm>();
  const docType = useWatch({ control, name: 'refsIdentityDocType' });
  const isPassport = docType === 'PASSPORT';
  return (
    <Box sx={stepGrid}>
      <WizardText name="firstName" label="First name" required autoComplete="off" />
      <WizardText name="middleName" label="Middle name" autoComplete="off" />
      <WizardText name="surname" label="Surname" required autoComplete="off" />
      <WizardDate name="dateOfBirth" label="Date of birth" required disableFuture />
      <WizardSelect name="refsGender" label="Gender" options={lists.genders} required />
      <WizardSelect
        name="refsIdentityDocType"
        label="ID type"
        options={lists.identityDocTypes}
        required
        onValue={() => onCheck('identificationNo')}
      />
      <WizardText
        name="identificationNo"
        label={isPassport ? 'Passport number' : 'ID number'}
        required
        maxLength={30}
        transform={(value) => value.replace(/\s+/g, '')}
        onBlurValue={() => onCheck('identificationNo')}
      />
      {isPassport ? (
        <>
          <WizardDate name="passportIssueDate" label="Passport issue date" required disableFuture />
          <WizardDate name="passportExpiryDate" label="Passport expiry date" required disablePast />
        </>
      ) : null}
      <WizardSelect name="nationality" label="Nationality" options={lists.countries} required />
      <WizardText
        name="operatorId"
        label="RICA username"
        maxLength={5}
        transform={(value) => value.toUpperCase()}
        helperText="Up to 5 characters (operator ID)"
      />
      <WizardText name="companyName" label="Company name" helperText="Defaults to the full name when blank" />
      <WizardText
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="off"
        onBlurValue={() => onCheck('email')}
      />
      <WizardText
        name="phone"
        label="Phone"
        required
        transform={keepPhoneCharacters}
        placeholder="0821234567"
        slotProps={{ htmlInput: PHONE_INPUT }}
        onBlurValue={() => onCheck('phone')}
      />
      <WizardText
        name="altPhone"
        label="Alternative phone"
        transform={keepPhoneCharacters}
        placeholder="0821234567"
        slotProps={{ htmlInput: PHONE_INPUT }}
      />
      <WizardSelect
        name="refsShirtSize"
        label="T-shirt size"
        options={[
          { value: '', label: 'Not specified' },
          ...lists.shirtSizes.map((size) => ({ value: size, label: size })),
        ]}
      />
      <ManagerField defaultManager={defaultManager} onChosen={onManagerChosen} />
      {canChooseUserType ? (
        <WizardSelect
          name="refsTypeId"
          label="User type"
          numeric
          options={lists.userTypes.map((type) => ({ value: type.id, label: type.name }))}
        />
      ) : null}
    </Box>
  );
}
