import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface FormTextFieldProps<Form extends FieldValues>
  extends Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'> {
  // biome-ignore lint/suspicious/noExplicitAny: forms with a resolver have a different output type
  control: Control<Form, any, any>;
  name: Path<Form>;
  /** Rewrites what is typed (digits only, upper case, …) before it is kept. */
  transform?: (value: string) => string;
  /** Called with the kept value after every change. */
  onValueChange?: (value: string) => void;
  /** Called when the field is left, after the form has noted it. */
  onLeave?: () => void;
}

/** A text field bound to a react-hook-form field: its error replaces the helper text. */
export function FormTextField<Form extends FieldValues>({
  control,
  name,
  transform,
  onValueChange,
  onLeave,
  helperText,
  ...rest
}: FormTextFieldProps<Form>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, onChange, onBlur, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          {...rest}
          value={value ?? ''}
          inputRef={ref}
          onChange={(event) => {
            const kept = transform ? transform(event.target.value) : event.target.value;
            onChange(kept);
            onValueChange?.(kept);
          }}
          onBlur={() => {
            onBlur();
            onLeave?.();
          }}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

export interface FormOption {
  value: string;
  label: string;
}

/**
 * A native select (the phone's own picker on mobile) bound to a form field; `emptyLabel` adds the
 * "Select a …" choice with the value ''.
 */
export function FormNativeSelect<Form extends FieldValues>({
  options,
  emptyLabel,
  ...props
}: FormTextFieldProps<Form> & { options: readonly FormOption[]; emptyLabel?: string }) {
  return (
    <FormTextField {...props} select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormTextField>
  );
}

/** Keeps digits only. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
