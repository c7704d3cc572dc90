import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { epochSecondsOf, isoDateOf, type NewUserField, type NewUserForm } from '@portal/domain/people/new-user';
import dayjs, { type Dayjs } from 'dayjs';
import { Controller, useFormContext } from 'react-hook-form';
import { DatePicker } from '../../../components/date-picker';

/** Spec 1 §2.7: dates show as yyyy/MM/dd. */
export const WIZARD_DATE_FORMAT = 'YYYY/MM/DD';

type TextKeys = {
  [K in NewUserField]: NewUserForm[K] extends string ? K : never;
}[NewUserField];
type DateKeys = 'dateOfBirth' | 'passportIssueDate' | 'passportExpiryDate';

interface WizardTextProps extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> {
  name: TextKeys;
  /** Rewrites what is typed (digits only, upper case, …) before it is kept. */
  transform?: (value: string) => string;
  maxLength?: number;
  onBlurValue?: (value: string) => void;
}

/** A text field bound to the wizard's form, showing the step's error for it. */
export function WizardText({
  name,
  transform,
  maxLength,
  onBlurValue,
  helperText,
  slotProps,
  ...rest
}: WizardTextProps) {
  const { control, clearErrors } = useFormContext<NewUserForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, onChange, onBlur, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          {...rest}
          inputRef={ref}
          value={value}
          onChange={(event) => {
            // A message stays until the field is changed; the step's rules run again on Next.
            if (fieldState.error) clearErrors(name);
            onChange(transform ? transform(event.target.value) : event.target.value);
          }}
          onBlur={() => {
            onBlur();
            onBlurValue?.(String(value ?? ''));
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
          slotProps={{ ...slotProps, htmlInput: { maxLength, ...(slotProps?.htmlInput as object) } }}
        />
      )}
    />
  );
}

interface WizardSelectProps extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'select'> {
  name: NewUserField;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  /** Called with the chosen value after it is kept. */
  onValue?: (value: string) => void;
  /** Numbers are kept as numbers (account type, user type). */
  numeric?: boolean;
}

export function WizardSelect({ name, options, onValue, numeric, helperText, ...rest }: WizardSelectProps) {
  const { control, clearErrors } = useFormContext<NewUserForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, onChange, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          {...rest}
          select
          inputRef={ref}
          value={value ?? ''}
          onChange={(event) => {
            const raw = event.target.value;
            if (fieldState.error) clearErrors(name);
            onChange(numeric ? (raw === '' ? null : Number(raw)) : raw);
            onValue?.(raw);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

const toDayjs = (epochSeconds: number | null): Dayjs | null =>
  epochSeconds === null ? null : dayjs(isoDateOf(epochSeconds));
const toEpoch = (value: Dayjs | null): number | null =>
  value?.isValid() ? epochSecondsOf(value.year(), value.month() + 1, value.date()) : null;

interface WizardDateProps {
  name: DateKeys;
  label: string;
  required?: boolean;
  disableFuture?: boolean;
  disablePast?: boolean;
}

/** A date kept as epoch seconds at UTC midnight of the chosen day, shown yyyy/MM/dd. */
export function WizardDate({ name, label, required, disableFuture, disablePast }: WizardDateProps) {
  const { control, clearErrors } = useFormContext<NewUserForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          format={WIZARD_DATE_FORMAT}
          value={toDayjs(field.value)}
          onChange={(value) => {
            if (fieldState.error) clearErrors(name);
            field.onChange(toEpoch(value));
          }}
          disableFuture={disableFuture}
          disablePast={disablePast}
          slotProps={{
            textField: {
              name,
              required,
              fullWidth: true,
              onBlur: field.onBlur,
              error: Boolean(fieldState.error),
              helperText: fieldState.error?.message ?? 'yyyy/MM/dd',
            },
          }}
        />
      )}
    />
  );
}

export const digitsOnly = (value: string) => value.replace(/\D/g, '');
