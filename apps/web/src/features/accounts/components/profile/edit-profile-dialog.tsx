import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  COMMISSION_FREEZE_MESSAGE,
  EMAIL_IN_USE,
  PHONE_IN_USE,
  PROFILE_FROZEN,
  type Profile,
} from '@portal/domain/accounts/profile';
import { displayPhone } from '@portal/domain/people/phone';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { digitsOnly, FormNativeSelect, FormTextField } from '../../../../components/form-fields';
import { LoadErrorAlert } from '../../../../components/load-error-alert';
import { FormPasswordField } from '../../../../components/password-field';
import { ApiError, errorMessage } from '../../../../lib/api';
import { paths } from '../../../../lib/paths';
import { useReferenceLists } from '../../../../lib/reference-lists';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { checkContactAvailability, profileQueryKey, useChangeContact, useUpdateProfile } from '../../api/profile';
import {
  contactFormatError,
  defaultsFrom,
  type EditProfileField,
  type EditProfileValues,
  emailChanged,
  fieldOfMessage,
  firstFailure,
  PROFILE_UPDATE_ERROR,
  PROFILE_UPDATE_FAILED,
  phoneChanged,
  toContactChange,
  toUpdateRequest,
} from './edit-profile-form';

export const RICA_TERMS_URL = '/api/documents/rica-terms.pdf';
export const POPIA_TERMS_URL = '/api/documents/popia-terms.pdf';
export const PROFILE_SAVED = 'Your details have been updated.';

const EDITABLE_FIELDS: EditProfileField[] = [
  'country',
  'province',
  'street',
  'suburb',
  'postalCode',
  'city',
  'refsShirtSize',
  'refsPaymentType',
  'eWalletLink',
  'bank',
  'bankAccountNumber',
  'refsBankAccountType',
  'currentPassword',
  'agreedToRicaTerms',
];

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="overline"
      component="h3"
      sx={{ color: 'primary.main', gridColumn: '1 / -1', mt: 1, mb: -0.5, lineHeight: 2 }}
    >
      {children}
    </Typography>
  );
}

const full = { gridColumn: '1 / -1' } as const;

interface FormProps {
  profile: Profile;
  lists: ReferenceLists;
  onClose: () => void;
}

function EditProfileForm({ profile, lists, onClose }: FormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const contact = useChangeContact();
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState<'phone' | 'email' | null>(null);
  /** Values the server said are taken: submitting them again is refused at once. */
  const taken = useRef<{ phone?: string; email?: string }>({});
  const errorRef = useRef<HTMLDivElement>(null);

  const { control, getValues, setValue, setError, clearErrors, watch } = useForm<EditProfileValues>({
    defaultValues: defaultsFrom(profile),
  });
  const paymentType = watch('refsPaymentType');
  const bank = watch('bank');
  const savedAccountHint =
    profile.banking && bank === profile.banking.bank
      ? `Your saved account ends in ${profile.banking.accountNumberMasked.slice(-4)}: enter the full number.`
      : '6 to 20 digits';

  const showFormError = (message: string) => {
    setFormError(message);
    requestAnimationFrame(() => errorRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }));
  };

  /** Spec 1 §5.5: a changed phone or e-mail is checked when the field is left. */
  const checkContact = async (kind: 'phone' | 'email') => {
    const values = getValues();
    const changed = kind === 'phone' ? phoneChanged(values, profile) : emailChanged(values, profile);
    if (!changed) {
      clearErrors(kind);
      return;
    }
    const value = values[kind].trim();
    const formatError = contactFormatError(kind, value);
    if (formatError) {
      setError(kind, { type: 'format', message: formatError });
      return;
    }
    setChecking(kind);
    try {
      const answer = await checkContactAvailability(kind === 'phone' ? { phone: value } : { email: value });
      if (getValues(kind).trim() !== value) return; // typed on meanwhile: the next blur checks again
      if (answer.available) {
        delete taken.current[kind];
        clearErrors(kind);
      } else {
        taken.current[kind] = value;
        setError(kind, { type: 'taken', message: answer.message || (kind === 'phone' ? PHONE_IN_USE : EMAIL_IN_USE) });
      }
    } catch {
      // The server checks again when the change is sent.
    } finally {
      setChecking(null);
    }
  };

  const contactProblem = (values: EditProfileValues): { kind: 'phone' | 'email'; message: string } | undefined => {
    for (const kind of ['phone', 'email'] as const) {
      const changed = kind === 'phone' ? phoneChanged(values, profile) : emailChanged(values, profile);
      if (!changed) continue;
      const value = values[kind].trim();
      const formatError = contactFormatError(kind, value);
      if (formatError) return { kind, message: formatError };
      if (taken.current[kind] === value) return { kind, message: kind === 'phone' ? PHONE_IN_USE : EMAIL_IN_USE };
    }
    return undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || contact.isPending) return;
    const values = getValues();
    setFormError(null);
    clearErrors(EDITABLE_FIELDS);

    // Only the first failure, in the spec's order.
    const failure = firstFailure(values);
    if (failure) {
      if (failure.field) setError(failure.field, { type: 'rule', message: failure.message }, { shouldFocus: true });
      else showFormError(failure.message);
      return;
    }
    const problem = contactProblem(values);
    if (problem) {
      setError(problem.kind, { type: 'rule', message: problem.message }, { shouldFocus: true });
      return;
    }

    update.mutate(toUpdateRequest(values), {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && error.code === PROFILE_FROZEN) {
          showFormError(error.message || COMMISSION_FREEZE_MESSAGE);
          return;
        }
        const mapped = error instanceof ApiError ? error.fieldErrors : [];
        let first = true;
        for (const item of mapped) {
          const field = (EDITABLE_FIELDS as string[]).includes(item.field)
            ? (item.field as EditProfileField)
            : fieldOfMessage(item.message);
          if (!field) continue;
          setError(field, { type: 'server', message: item.message }, { shouldFocus: first });
          first = false;
        }
        if (first) {
          const field = error instanceof ApiError && error.status === 400 ? fieldOfMessage(error.message) : undefined;
          if (field) setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
          else
            showFormError(
              // A refusal names its reason; a server failure gets the spec's general message, a
              // lost connection the one that invites another try.
              error instanceof ApiError
                ? error.status < 500
                  ? errorMessage(error)
                  : PROFILE_UPDATE_ERROR
                : PROFILE_UPDATE_FAILED,
            );
        }
      },
      onSuccess: () => {
        const change = toContactChange(values, profile);
        if (!change) {
          enqueueSnackbar(PROFILE_SAVED, { variant: 'success' });
          onClose();
          return;
        }
        contact.mutate(change, {
          onSuccess: (result) => {
            onClose();
            enqueueSnackbar(result.message || PROFILE_SAVED, { variant: 'success' });
            if (result.phoneChanged) navigate(paths.verifyPhone, { state: { codeSent: true } });
          },
          onError: (error) => {
            if (error instanceof ApiError && (error.status === 403 || error.status === 429)) {
              // The details are saved; a new phone or e-mail needs the password (429: too many wrong).
              setError('currentPassword', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
              return;
            }
            if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
              // The details are saved; the contact change was refused: say why, beside the field.
              const message = errorMessage(error);
              const kind =
                error.fieldErrors.find((item) => item.field === 'phone' || item.field === 'email')?.field ??
                (/phone/i.test(message) ? 'phone' : /email/i.test(message) ? 'email' : undefined);
              if (kind === 'phone' || kind === 'email') {
                taken.current[kind] = values[kind].trim();
                setError(kind, { type: 'server', message }, { shouldFocus: true });
              } else {
                showFormError(message);
              }
              return;
            }
            // Spec 1 §4: if the contact call fails otherwise, the dialog closes quietly.
            void queryClient.invalidateQueries({ queryKey: profileQueryKey });
            onClose();
          },
        });
      },
    });
  };

  const saving = update.isPending || contact.isPending;
  const checkingAdornment = (kind: 'phone' | 'email') =>
    checking === kind ? (
      <InputAdornment position="end">
        <CircularProgress
          size={18}
          aria-label={kind === 'phone' ? 'Checking the phone number' : 'Checking the email address'}
        />
      </InputAdornment>
    ) : undefined;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Edit Profile"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {formError ? (
          <Alert ref={errorRef} severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <SectionTitle>Address</SectionTitle>
          <FormNativeSelect
            control={control}
            name="country"
            id="profile-country"
            label="Country of residence"
            options={lists.countries}
          />
          <FormNativeSelect
            control={control}
            name="province"
            id="profile-province"
            label="Province"
            emptyLabel="Select a province"
            options={lists.provinces}
          />
          <FormTextField
            control={control}
            name="street"
            id="profile-street"
            label="Street address"
            autoComplete="street-address"
            sx={full}
          />
          <FormTextField control={control} name="suburb" id="profile-suburb" label="Suburb" />
          <FormTextField control={control} name="city" id="profile-city" label="City" autoComplete="address-level2" />
          <FormTextField
            control={control}
            name="postalCode"
            id="profile-postal-code"
            label="Postal code"
            autoComplete="postal-code"
            transform={digitsOnly}
            slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' } }}
          />
          <FormNativeSelect
            control={control}
            name="refsShirtSize"
            id="profile-shirt-size"
            label="T-shirt size"
            emptyLabel="Select a size"
            options={lists.shirtSizes.map((size) => ({ value: size, label: size }))}
          />

          <SectionTitle>Payment</SectionTitle>
          <Controller
            name="refsPaymentType"
            control={control}
            render={({ field: { ref, ...field } }) => (
              <FormControl sx={full}>
                <FormLabel id="profile-payment-type-label" sx={{ fontSize: 14 }}>
                  Payment type
                </FormLabel>
                <RadioGroup {...field} row aria-labelledby="profile-payment-type-label">
                  {(lists.paymentTypes.length
                    ? lists.paymentTypes
                    : [
                        { value: 'bank', label: 'Bank' },
                        { value: 'eWallet', label: 'eWallet' },
                      ]
                  ).map((option, index) => (
                    <FormControlLabel
                      key={option.value}
                      value={option.value}
                      control={<Radio slotProps={{ input: { ref: index === 0 ? ref : undefined } }} />}
                      label={option.label}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          {paymentType === 'bank' ? (
            <>
              <FormNativeSelect
                control={control}
                name="bank"
                id="profile-bank"
                label="Bank"
                emptyLabel="Select a bank"
                options={lists.banks.map((item) => ({ value: item.name, label: item.name }))}
                onValueChange={(name) =>
                  setValue('branchCode', lists.banks.find((item) => item.name === name)?.branchCode ?? '')
                }
              />
              <FormTextField
                control={control}
                name="branchCode"
                id="profile-branch-code"
                label="Branch code"
                helperText="Filled in from the bank"
                slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
                sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'grey.50' } }}
              />
              <FormTextField
                control={control}
                name="bankAccountNumber"
                id="profile-account-number"
                label="Account number"
                helperText={savedAccountHint}
                transform={digitsOnly}
                slotProps={{ htmlInput: { maxLength: 20, inputMode: 'numeric' } }}
              />
              <FormNativeSelect
                control={control}
                name="refsBankAccountType"
                id="profile-account-type"
                label="Account type"
                emptyLabel="Select an account type"
                options={lists.bankAccountTypes.map((item) => ({ value: String(item.id), label: item.name }))}
              />
            </>
          ) : (
            <FormTextField
              control={control}
              name="eWalletLink"
              id="profile-ewallet-link"
              label="eWallet link (optional)"
              sx={full}
              helperText="Payments go to the eWallet of your cellphone number."
            />
          )}
          <FormPasswordField
            control={control}
            name="currentPassword"
            id="profile-current-password"
            label="Current password"
            autoComplete="current-password"
            helperText="Needed when how you are paid or how you sign in changes: banking details, payment type, eWallet link, phone number or email address"
          />

          <SectionTitle>Contact details</SectionTitle>
          <Typography variant="body2" color="text.secondary" sx={{ ...full, mt: -1 }}>
            A changed phone number or email address must be verified again: your current one stays in use until the new
            one is verified.
          </Typography>
          {profile.pendingPhone || profile.pendingEmail ? (
            <Alert severity="info" sx={full}>
              {[
                profile.pendingPhone ? `Verification sent to ${displayPhone(profile.pendingPhone.value)}.` : '',
                profile.pendingEmail ? `Verification sent to ${profile.pendingEmail.value}.` : '',
                'Finish or cancel the change on your profile; a new change replaces it.',
              ]
                .filter(Boolean)
                .join(' ')}
            </Alert>
          ) : null}
          <FormTextField
            control={control}
            name="phone"
            id="profile-phone"
            label="Phone number"
            placeholder="+27821234567"
            type="tel"
            autoComplete="tel"
            onLeave={() => void checkContact('phone')}
            slotProps={{ input: { endAdornment: checkingAdornment('phone') } }}
          />
          <FormTextField
            control={control}
            name="email"
            id="profile-email"
            label="Email address"
            type="email"
            autoComplete="email"
            onLeave={() => void checkContact('email')}
            slotProps={{ input: { endAdornment: checkingAdornment('email') } }}
          />

          <SectionTitle>RICA and POPIA</SectionTitle>
          <Box sx={full}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Read the terms for registering SIM cards (RICA) and for handling personal information (POPIA).
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              <Button
                component={Link}
                href={RICA_TERMS_URL}
                target="_blank"
                rel="noopener"
                size="small"
                variant="outlined"
                startIcon={<PictureAsPdfRoundedIcon />}
              >
                RICA terms
              </Button>
              <Button
                component={Link}
                href={POPIA_TERMS_URL}
                target="_blank"
                rel="noopener"
                size="small"
                variant="outlined"
                startIcon={<PictureAsPdfRoundedIcon />}
              >
                POPIA terms
              </Button>
            </Box>
            <Controller
              name="agreedToRicaTerms"
              control={control}
              render={({ field: { ref, value, onChange, onBlur, name }, fieldState }) => (
                <FormControl error={fieldState.invalid}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        slotProps={{ input: { ref } }}
                        name={name}
                        checked={value}
                        onChange={(event) => onChange(event.target.checked)}
                        onBlur={onBlur}
                      />
                    }
                    label="I Agree"
                  />
                  {fieldState.error ? <FormHelperText sx={{ mt: 0 }}>{fieldState.error.message}</FormHelperText> : null}
                </FormControl>
              )}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          Submit
        </Button>
      </DialogActions>
    </Box>
  );
}

function ListsLoading() {
  return (
    <DialogContent dividers>
      <Box
        role="status"
        aria-label="Loading the form"
        sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders only
          <Skeleton key={index} variant="rounded" height={56} />
        ))}
      </Box>
    </DialogContent>
  );
}

interface EditProfileDialogProps {
  open: boolean;
  profile: Profile;
  onClose: () => void;
}

/** Spec 1 §2.5: the Edit Profile dialog, full-screen at 955 px and below. */
export function EditProfileDialog({ open, profile, onClose }: EditProfileDialogProps) {
  const isMobile = useIsMobile();
  const lists = useReferenceLists();
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      fullScreen={isMobile}
      fullWidth
      maxWidth="md"
      aria-labelledby="edit-profile-title"
      scroll="paper"
    >
      <DialogTitle id="edit-profile-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
        <Box component="span" sx={{ flex: 1 }}>
          Edit Profile
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      {lists.data ? (
        <EditProfileForm profile={profile} lists={lists.data} onClose={onClose} />
      ) : lists.isError ? (
        <>
          <DialogContent dividers>
            <LoadErrorAlert error={lists.error} onRetry={() => lists.refetch()} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      ) : (
        <ListsLoading />
      )}
    </Dialog>
  );
}
