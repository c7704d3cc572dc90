import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  companyNameOrFullName,
  type NewUserForm,
  type OnboardingOptions,
  WIZARD_STEP_LABELS,
  type WizardStep,
  wizardDateOf,
} from '@portal/domain/people/new-user';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { Controller, useFormContext } from 'react-hook-form';

export const RICA_TERMS_URL = '/api/documents/rica-terms.pdf';
export const POPIA_TERMS_URL = '/api/documents/popia-terms.pdf';

interface ReviewStepProps {
  lists: ReferenceLists;
  options: OnboardingOptions;
  managerName: string;
  onEdit: (step: WizardStep) => void;
}

const labelOf = (list: ReadonlyArray<{ value: string; label: string }>, value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

function Section({
  step,
  rows,
  onEdit,
}: {
  step: WizardStep;
  rows: Array<[string, string]>;
  onEdit: (step: WizardStep) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1 }}>
          {WIZARD_STEP_LABELS[step]}
        </Typography>
        <Button size="small" startIcon={<EditRoundedIcon />} onClick={() => onEdit(step)}>
          Edit
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The review: everything entered, the terms, and 'Create User Account' (rendered by the page). */
export function ReviewStep({ lists, options, managerName, onEdit }: ReviewStepProps) {
  const { getValues, control } = useFormContext<NewUserForm>();
  const v = getValues();
  const names = (ids: number[], list: ReadonlyArray<{ id: number; name: string }>) =>
    list
      .filter((item) => ids.includes(item.id))
      .map((item) => item.name)
      .join(', ');
  const isPassport = v.refsIdentityDocType === 'PASSPORT';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Section
          step="personal"
          onEdit={onEdit}
          rows={[
            ['Name', [v.firstName, v.middleName, v.surname].filter(Boolean).join(' ')],
            ['Date of birth', wizardDateOf(v.dateOfBirth)],
            ['Gender', labelOf(lists.genders, v.refsGender)],
            [isPassport ? 'Passport number' : 'ID number', v.identificationNo],
            ...(isPassport
              ? ([
                  ['Passport issued', wizardDateOf(v.passportIssueDate)],
                  ['Passport expires', wizardDateOf(v.passportExpiryDate)],
                ] as Array<[string, string]>)
              : []),
            ['Nationality', labelOf(lists.countries, v.nationality)],
            ['RICA username', v.operatorId],
            ['Company name', companyNameOrFullName(v)],
            ['Email', v.email],
            ['Phone', v.phone],
            ['Alternative phone', v.altPhone],
            ['T-shirt size', v.refsShirtSize],
            ['Manager', managerName],
            ...(options.canChooseUserType
              ? ([['User type', lists.userTypes.find((t) => t.id === v.refsTypeId)?.name ?? '']] as Array<
                  [string, string]
                >)
              : []),
          ]}
        />
        <Section
          step="address"
          onEdit={onEdit}
          rows={[
            ['Street', v.street],
            ['Suburb', v.suburb],
            ['City', v.city],
            ['Province', labelOf(lists.provinces, v.province)],
            ['Postal code', v.postalCode],
            ['Country', labelOf(lists.countries, v.country)],
          ]}
        />
        <Section
          step="documents"
          onEdit={onEdit}
          rows={[
            ['ID photo', v.idPhotoUrl ? 'Uploaded' : ''],
            ['Person photo', v.personPhotoUrl ? 'Uploaded' : ''],
          ]}
        />
        <Section
          step="banking"
          onEdit={onEdit}
          rows={
            v.refsPaymentType === 'bank'
              ? [
                  ['Payment type', 'Bank'],
                  ['Bank', v.bank],
                  ['Account type', lists.bankAccountTypes.find((t) => t.id === v.refsBankAccountType)?.name ?? ''],
                  ['Account number', v.bankAccountNumber],
                  ['Branch code', v.branchCode],
                ]
              : [
                  ['Payment type', 'eWallet'],
                  ['eWallet link', v.eWalletLink],
                ]
          }
        />
        <Section
          step="products"
          onEdit={onEdit}
          rows={[
            ['Product types', names(v.selectedProductTypes, options.productTypes)],
            ['Suppliers', names(v.selectedSuppliers, options.suppliers)],
            ...(options.canChooseDeals
              ? ([['Deals', names(v.selectedDeals, options.deals)]] as Array<[string, string]>)
              : []),
          ]}
        />
      </Box>
      <Controller
        name="TandCs"
        control={control}
        render={({ field, fieldState }) => (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label="I agree to the terms and conditions"
            />
            <Typography variant="body2" color="text.secondary">
              The new user is registered under the{' '}
              <Link href={RICA_TERMS_URL} target="_blank" rel="noopener">
                RICA terms
              </Link>{' '}
              and the{' '}
              <Link href={POPIA_TERMS_URL} target="_blank" rel="noopener">
                POPIA terms
              </Link>
              , and has agreed to them.
            </Typography>
            {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
          </Box>
        )}
      />
    </Box>
  );
}
