import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

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
