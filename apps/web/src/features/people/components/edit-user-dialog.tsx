import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  EDIT_USER_MESSAGES,
  EDIT_USER_TABS,
  type EditUserForm,
  EditUserRequest,
  type EditUserTab,
  tabOfField,
} from '@portal/domain/people/edit-user';
import { MANAGE_USER_MESSAGES } from '@portal/domain/people/manage-user';
import type { UserDetail } from '@portal/domain/people/user-detail';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { type ReactNode, useEffect, useState } from 'react';
import { type Control, Controller, type FieldPath, get, useForm, useWatch } from 'react-hook-form';
import { PageLoader } from '../../../components/page-loader';
import { FormPasswordField } from '../../../components/password-field';
import { PhotoUpload } from '../../../components/photo-upload';
import { ApiError } from '../../../lib/api';
import { useReferenceLists } from '../../../lib/reference-lists';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { checkEditUser, useEditUser } from '../api/manage-user';
import { editUserDefaults } from './edit-user-form';
import { useNotify } from './notify';

type Name = FieldPath<EditUserForm>;
type Option = { value: string | number; label: string };

interface FieldProps {
  control: Control<EditUserForm, unknown, EditUserRequest>;
  name: Name;
  label: string;
  required?: boolean;
  options?: Option[];
  type?: 'text' | 'date' | 'email' | 'tel';
  maxLength?: number;
  readOnly?: boolean;
  numeric?: boolean;
}

/** One text, date or select input bound to the form; shows the field's first error. */
function Field({ control, name, label, required, options, type = 'text', maxLength, readOnly, numeric }: FieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={(field.value as string | number | null | undefined) ?? ''}
          onChange={(event) => {
            const raw = event.target.value;
            field.onChange(numeric && raw !== '' ? Number(raw) : numeric ? null : raw);
          }}
          label={label}
          required={required}
          select={Boolean(options)}
          type={type}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
          slotProps={{
            htmlInput: { maxLength, readOnly, ...(type === 'tel' ? { inputMode: 'numeric' } : {}) },
            inputLabel: type === 'date' ? { shrink: true } : undefined,
          }}
        >
          {options?.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
      {children}
    </Box>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" sx={{ fontWeight: 700, mt: 1, mb: 1.5 }}>
      {children}
    </Typography>
  );
}

interface Props {
  user: UserDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * Edit User (spec 1 §2.11, §5.5): tabs Personal, Address, Documents and Banking, each validated
 * before moving to the next; the duplicate checks run when leaving Personal. Documents and Banking
 * are greyed out without the permission for them.
 */
export function EditUserDialog({ user, open, onClose }: Props) {
  const lists = useReferenceLists();
  const isMobile = useIsMobile();
  const edit = useEditUser(user.id);
  const notify = useNotify();
  const [tab, setTab] = useState(0);
  const [checking, setChecking] = useState(false);
  const form = useForm<EditUserForm, unknown, EditUserRequest>({
    resolver: zodResolver(EditUserRequest),
    defaultValues: editUserDefaults(user),
    mode: 'onTouched',
  });
  const { control, trigger, getValues, setError, handleSubmit, reset, setValue } = form;
  const initial = editUserDefaults(user).personal;
  const personal = useWatch({ control, name: 'personal' });
  // A new phone or e-mail signs the person in: the acting admin's password is asked beside them.
  const contactChanged =
    user.permissions.canEditContact &&
    ((personal?.phone ?? '') !== initial.phone ||
      (personal?.email ?? '').trim().toLowerCase() !== (initial.email ?? '').toLowerCase());

  useEffect(() => {
    if (open) {
      reset(editUserDefaults(user));
      setTab(0);
    }
  }, [open, user, reset]);

  const enabled = (key: EditUserTab) =>
    key === 'documents' ? user.permissions.canEditIdentity : key === 'banking' ? user.permissions.canEditBanking : true;

  /** The duplicate checks of the Personal tab; a failing lookup counts as a problem. */
  async function checkDuplicates(): Promise<boolean> {
    const values = getValues();
    setChecking(true);
    try {
      const { errors } = await checkEditUser(user.id, {
        phone: values.personal.phone,
        ...(values.personal.email ? { email: values.personal.email } : {}),
        ...(values.identity?.identificationNo ? { identificationNo: values.identity.identificationNo } : {}),
      });
      for (const error of errors) setError(error.field as Name, { message: error.message });
      return errors.length === 0;
    } catch {
      if (values.identity) {
        setError('identity.identificationNo', { message: EDIT_USER_MESSAGES.idUnverifiable });
        return false;
      }
      return true;
    } finally {
      setChecking(false);
    }
  }

  async function validateTab(index: number): Promise<boolean> {
    const meta = EDIT_USER_TABS[index]!;
    if (!enabled(meta.key)) return true;
    const sections = meta.sections.filter((section) => getValues(section) !== undefined);
    if (!sections.length) return true;
    const valid = await trigger(sections as Name[]);
    if (!valid) return false;
    return meta.key === 'personal' ? checkDuplicates() : true;
  }

  /** Moving forward validates every tab on the way; going back is always allowed. */
  async function goTo(target: number) {
    if (target <= tab) {
      setTab(target);
      return;
    }
    for (let index = tab; index < target; index++) {
      if (!(await validateTab(index))) {
        setTab(index);
        return;
      }
    }
    setTab(target);
  }

  const nextEnabled = EDIT_USER_TABS.findIndex((meta, index) => index > tab && enabled(meta.key));

  const save = handleSubmit(
    ({ currentPassword, ...values }) =>
      // The acting admin's password goes only when typed (decision 071: asked for new banking,
      // payment type, eWallet link, phone or e-mail; the server decides what changed).
      edit.mutate(currentPassword ? { ...values, currentPassword } : values, {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length) {
            for (const fieldError of error.fieldErrors)
              setError(fieldError.field as Name, { message: fieldError.message });
            const field = error.fieldErrors[0]!.field;
            const first =
              field === 'currentPassword'
                ? contactChanged || !user.permissions.canEditBanking
                  ? 'personal'
                  : 'banking'
                : tabOfField(field);
            const index = EDIT_USER_TABS.findIndex((meta) => meta.key === first);
            if (index >= 0) setTab(index);
          }
          notify.failure(MANAGE_USER_MESSAGES.updateFailed, error);
        },
      }),
    (errors) => {
      const index = EDIT_USER_TABS.findIndex((meta) => meta.sections.some((section) => get(errors, section)));
      if (index >= 0) setTab(index);
    },
  );

  return (
    <Dialog
      open={open}
      onClose={edit.isPending ? undefined : onClose}
      fullScreen={isMobile}
      maxWidth="md"
      fullWidth
      aria-labelledby="edit-user-title"
    >
      <DialogTitle id="edit-user-title">{`Edit User ${user.zCode}`}</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_event, value: number) => void goTo(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {EDIT_USER_TABS.map((meta) => {
          const allowed = enabled(meta.key);
          const tabElement = <Tab key={meta.key} label={meta.label} disabled={!allowed} />;
          return allowed ? (
            tabElement
          ) : (
            <Tooltip
              key={meta.key}
              title={meta.key === 'banking' ? 'Changing banking details needs banking permission' : 'Admins only'}
            >
              <span>
                <Tab label={meta.label} disabled />
              </span>
            </Tooltip>
          );
        })}
      </Tabs>
      <DialogContent sx={{ minHeight: 360 }}>
        {lists.isPending ? (
          <PageLoader label="Loading options…" />
        ) : lists.isError ? (
          <Alert severity="error">Failed to load the option lists. Please refresh the page.</Alert>
        ) : (
          <TabBody
            tab={EDIT_USER_TABS[tab]!.key}
            control={control}
            lists={lists.data}
            onBankChange={(branchCode) => setValue('banking.branchCode', branchCode)}
            canEditContact={user.permissions.canEditContact}
            contactChanged={contactChanged}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={edit.isPending} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        <Button variant="outlined" disabled={tab === 0} onClick={() => setTab(tab - 1)}>
          Back
        </Button>
        {nextEnabled > 0 ? (
          <Button variant="outlined" loading={checking} onClick={() => void goTo(nextEnabled)}>
            Next
          </Button>
        ) : null}
        <Button variant="contained" onClick={() => void save()} loading={edit.isPending} disabled={!lists.data}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The spec's fixed options (spec 1 §9), for when the served lists leave them out. */
const FALLBACK_GENDERS = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
];
const FALLBACK_ID_TYPES = [
  { value: 'RSAID', label: 'SA ID' },
  { value: 'PASSPORT', label: 'Passport' },
];

interface TabBodyProps {
  tab: EditUserTab;
  control: FieldProps['control'];
  lists: ReferenceLists;
  onBankChange: (branchCode: string) => void;
  /** Phone and e-mail sign a person in: only admins with Users Management change them here. */
  canEditContact: boolean;
  /** The phone or e-mail differs from the loaded one: the acting admin's password is asked. */
  contactChanged: boolean;
}

/** The acting admin's own password (step-up, decision 071), on Personal and Banking alike. */
function CurrentPasswordField({ control }: { control: FieldProps['control'] }) {
  return (
    <FormPasswordField
      control={control}
      name="currentPassword"
      id="edit-user-current-password"
      label="Current password"
      autoComplete="current-password"
      helperText={STEP_UP_HELP}
    />
  );
}

const STEP_UP_HELP =
  'Your own password. Needed when how this user is paid or signs in changes: banking details, payment type, eWallet link, phone number or email address';

function TabBody({ tab, control, lists, onBankChange, canEditContact, contactChanged }: TabBodyProps) {
  const values = useWatch({ control });
  const genders = lists.genders.length ? lists.genders : FALLBACK_GENDERS;
  const idTypes = lists.identityDocTypes.length ? lists.identityDocTypes : FALLBACK_ID_TYPES;
  const countries = lists.countries;
  if (tab === 'personal') {
    return (
      <Box>
        <SectionTitle>Personal</SectionTitle>
        <Grid>
          <Field control={control} name="personal.firstName" label="First name" required />
          <Field control={control} name="personal.middleName" label="Middle name" required />
          <Field control={control} name="personal.surname" label="Surname" required />
          <Field control={control} name="personal.companyName" label="Company name" />
          <Field control={control} name="personal.refsGender" label="Gender" required options={genders} />
          <Field
            control={control}
            name="personal.refsShirtSize"
            label="T-shirt size"
            options={[
              { value: '', label: 'Not specified' },
              ...lists.shirtSizes.map((size) => ({ value: size, label: size })),
            ]}
          />
          <Field control={control} name="personal.phone" label="Phone" type="tel" required readOnly={!canEditContact} />
          <Field control={control} name="personal.altPhone" label="Alternative phone" type="tel" />
          <Field control={control} name="personal.email" label="Email" type="email" readOnly={!canEditContact} />
          <Field control={control} name="personal.operatorId" label="RICA username" maxLength={5} />
        </Grid>
        {contactChanged ? <CurrentPasswordField control={control} /> : null}
        {values.identity ? (
          <>
            <SectionTitle>Identity</SectionTitle>
            <Grid>
              <Field control={control} name="identity.refsIdentityDocType" label="ID type" required options={idTypes} />
              <Field control={control} name="identity.identificationNo" label="ID/Passport number" required />
              <Field control={control} name="identity.dateOfBirth" label="Date of birth" type="date" required />
              <Field control={control} name="identity.nationality" label="Nationality" options={countries} />
              {values.identity.refsIdentityDocType === 'PASSPORT' ? (
                <>
                  <Field
                    control={control}
                    name="identity.passportIssueDate"
                    label="Passport issue date"
                    type="date"
                    required
                  />
                  <Field
                    control={control}
                    name="identity.passportExpiryDate"
                    label="Passport expiry date"
                    type="date"
                    required
                  />
                </>
              ) : null}
            </Grid>
          </>
        ) : null}
      </Box>
    );
  }
  if (tab === 'address') {
    return (
      <Box>
        <SectionTitle>Address</SectionTitle>
        <Grid>
          <Field control={control} name="address.street" label="Street address" required />
          <Field control={control} name="address.suburb" label="Suburb" required />
          <Field control={control} name="address.city" label="City" required />
          <Field control={control} name="address.province" label="Province" required options={lists.provinces} />
          <Field control={control} name="address.postalCode" label="Postal code" type="tel" maxLength={4} />
          <Field control={control} name="address.country" label="Country" options={countries} />
        </Grid>
      </Box>
    );
  }
  if (tab === 'documents') {
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Controller
          control={control}
          name="documents.idPhotoUrl"
          render={({ field, fieldState }) => (
            <PhotoUpload
              label="ID photo"
              purpose="id_photo"
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="documents.personPhotoUrl"
          render={({ field, fieldState }) => (
            <PhotoUpload
              label="Headshot"
              purpose="person_photo"
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Box>
    );
  }
  return (
    <Box>
      <SectionTitle>Banking</SectionTitle>
      <Controller
        control={control}
        name="banking.refsPaymentType"
        render={({ field }) => (
          <RadioGroup row {...field} aria-label="Payment type" sx={{ mb: 2 }}>
            <FormControlLabel value="bank" control={<Radio />} label="Bank" />
            <FormControlLabel value="eWallet" control={<Radio />} label="eWallet" />
          </RadioGroup>
        )}
      />
      {values.banking?.refsPaymentType === 'eWallet' ? (
        <Field control={control} name="banking.eWalletLink" label="eWallet link" />
      ) : (
        <Grid>
          <Controller
            control={control}
            name="banking.bank"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                select
                required
                label="Bank"
                onChange={(event) => {
                  field.onChange(event.target.value);
                  onBankChange(lists.banks.find((bank) => bank.name === event.target.value)?.branchCode ?? '');
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {lists.banks.map((bank) => (
                  <MenuItem key={bank.name} value={bank.name}>
                    {bank.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Field control={control} name="banking.branchCode" label="Branch code" readOnly />
          <Field
            control={control}
            name="banking.refsBankAccountType"
            label="Account type"
            required
            numeric
            options={lists.bankAccountTypes.map((type) => ({ value: type.id, label: type.name }))}
          />
          <Field
            control={control}
            name="banking.bankAccountNumber"
            label="Account number"
            type="tel"
            required
            maxLength={20}
          />
        </Grid>
      )}
      <CurrentPasswordField control={control} />
    </Box>
  );
}
