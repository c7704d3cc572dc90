import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { LightTextField } from '../../../components/light-text-field';

interface OneTimePinFieldProps<Form extends FieldValues> {
  control: Control<Form>;
  name: Path<Form>;
  id: string;
  error?: string | undefined;
}

/** The 6-digit 'One Time Pin' box of phone sign-in and phone verification (spec 1 §2.3, §2.5). */
export function OneTimePinField<Form extends FieldValues>({ control, name, id, error }: OneTimePinFieldProps<Form>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field } }) => (
        <LightTextField
          {...field}
          inputRef={ref}
          id={id}
          label="One Time Pin"
          placeholder="123456"
          autoComplete="one-time-code"
          autoFocus
          error={Boolean(error)}
          helperText={error}
          htmlInput={{ inputMode: 'numeric', maxLength: 6 }}
        />
      )}
    />
  );
}
