import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { errorMessage } from '../lib/api';

/** An import's CSV file picker bound to a form field: the chosen name, then the hint or the error. */
export function CsvFileField<Form extends FieldValues>({
  control,
  name,
  label,
  hint,
  disabled,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: forms with a resolver have a different output type
  control: Control<Form, any, any>;
  name: Path<Form>;
  /** The hidden input's accessible name. */
  label: string;
  /** Shown under the picker until there is an error (the expected columns). */
  hint?: string;
  disabled: boolean;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const caption = fieldState.error?.message ?? hint;
        return (
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileRoundedIcon />} disabled={disabled}>
                Choose CSV file
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label={label}
                  onChange={(event) => {
                    field.onChange(event.target.files?.[0] ?? null);
                    event.target.value = '';
                  }}
                />
              </Button>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {field.value ? (field.value as File).name : 'No file chosen'}
              </Typography>
            </Box>
            {caption ? (
              <Typography
                variant="caption"
                color={fieldState.error ? 'error' : 'text.secondary'}
                sx={{ wordBreak: 'break-word' }}
              >
                {caption}
              </Typography>
            ) : null}
          </Box>
        );
      }}
    />
  );
}

/** Why an import did not start: its upload failed, or the server refused the job. */
export function ImportStartErrors({ uploadError, startError }: { uploadError?: string; startError: unknown }) {
  return (
    <>
      {uploadError ? <Alert severity="error">{uploadError}</Alert> : null}
      {startError ? <Alert severity="error">{`Import failed: ${errorMessage(startError)}`}</Alert> : null}
    </>
  );
}
