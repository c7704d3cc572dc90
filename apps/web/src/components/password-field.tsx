import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { forwardRef, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { LightTextField, type LightTextFieldProps } from './light-text-field';

export type PasswordFieldProps = Omit<LightTextFieldProps, 'type' | 'endAdornment'>;

/**
 * The one password input of the portal, with a show/hide toggle (spec 1 §2.1). Built on the light
 * text field because the sign-in page carries it.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <LightTextField
      {...props}
      inputRef={ref}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
            // Keeps the caret in the field while the toggle is pressed.
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOffRoundedIcon /> : <VisibilityRoundedIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});

export interface FormPasswordFieldProps<Form extends FieldValues>
  extends Omit<PasswordFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> {
  // biome-ignore lint/suspicious/noExplicitAny: forms with a resolver have a different output type
  control: Control<Form, any, any>;
  name: Path<Form>;
}

/** A password field bound to a react-hook-form field: its error replaces the helper text. */
export function FormPasswordField<Form extends FieldValues>({
  control,
  name,
  helperText,
  ...rest
}: FormPasswordFieldProps<Form>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <PasswordField
          {...field}
          {...rest}
          value={value ?? ''}
          ref={ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
