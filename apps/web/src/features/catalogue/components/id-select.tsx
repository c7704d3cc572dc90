import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface IdSelectProps<Form extends FieldValues>
  extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'select'> {
  // biome-ignore lint/suspicious/noExplicitAny: forms with a resolver have a different output type
  control: Control<Form, any, any>;
  name: Path<Form>;
  options: ReadonlyArray<{ id: number; name: string }>;
  emptyLabel: string;
  /** Shows the field as missing (the form's one required-fields message names it). */
  missing?: boolean;
  onIdChange?: (id: number | null) => void;
}

/** A native select (the phone's own picker) of rows by id, kept in the form as a number or null. */
export function IdSelect<Form extends FieldValues>({
  control,
  name,
  options,
  emptyLabel,
  missing,
  onIdChange,
  helperText,
  ...rest
}: IdSelectProps<Form>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
        <TextField
          {...field}
          {...rest}
          select
          value={value === null || value === undefined ? '' : String(value)}
          inputRef={ref}
          onChange={(event) => {
            const id = event.target.value === '' ? null : Number(event.target.value);
            onChange(id);
            onIdChange?.(id);
          }}
          error={fieldState.invalid || Boolean(missing && (value === null || value === undefined))}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{emptyLabel}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
