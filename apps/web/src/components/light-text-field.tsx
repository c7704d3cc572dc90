import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface LightTextFieldProps {
  id: string;
  label: ReactNode;
  name?: string;
  value?: unknown;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  disabled?: boolean;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Attributes of the <input> itself (inputMode, maxLength, …). */
  htmlInput?: InputBaseComponentProps;
  endAdornment?: ReactNode;
}

/**
 * An outlined, full-width text field that looks and reads (label, helper text, aria) like MUI's
 * TextField, without TextField's select mode: that mode pulls Select, Menu, Popover and Modal
 * into the bundle (about 15 kB over the wire), which the sign-in pages never show.
 */
export function LightTextField({
  id,
  label,
  helperText,
  error,
  disabled,
  required,
  htmlInput,
  endAdornment,
  ...input
}: LightTextFieldProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const labelId = `${id}-label`;
  return (
    <FormControl fullWidth variant="outlined" error={error} disabled={disabled} required={required}>
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        endAdornment={endAdornment}
        inputProps={htmlInput}
        aria-describedby={helperId}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

export interface FormLightTextFieldProps<Form extends FieldValues>
  extends Omit<LightTextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> {
  // biome-ignore lint/suspicious/noExplicitAny: forms with a resolver have a different output type
  control: Control<Form, any, any>;
  name: Path<Form>;
}

/** A light text field bound to a react-hook-form field: its error replaces the helper text. */
export function FormLightTextField<Form extends FieldValues>({
  control,
  name,
  helperText,
  ...rest
}: FormLightTextFieldProps<Form>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <LightTextField
          {...field}
          {...rest}
          value={value ?? ''}
          inputRef={ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
