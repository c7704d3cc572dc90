import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALERT_MESSAGES,
  type AlertFormValues,
  alertFormDefaults,
  alertFormSchema,
  type NewAlertRequest,
  type RecipientOption,
  SEGMENT,
  SEGMENT_OPTIONS,
  type SentAlert,
  toNewAlertRequest,
} from '@portal/domain/alerts/alerts';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { RichTextField } from '../../../components/rich-text-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { type UploadPurpose, uploadFile } from '../../../lib/upload-file';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRecipientOptions, useSegmentChoices } from '../api/alerts';
import { AlertImage } from './alert-html';

export type AlertSubmit = Pick<AlertFormValues, 'title' | 'description' | 'image' | 'active'> &
  Partial<NewAlertRequest>;

interface AlertFormProps {
  mode: 'create' | 'edit';
  isAdmin: boolean;
  initial?: SentAlert;
  /** Preselected recipient ('/alerts/create?to={id}'). */
  presetRecipientId?: number;
  submitting: boolean;
  error: unknown;
  onSubmit: (values: AlertSubmit) => void;
}

function RecipientPicker({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: RecipientOption[];
  onChange: (value: RecipientOption[]) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const options = useRecipientOptions(useDebouncedValue(search));
  return (
    <Autocomplete
      multiple
      options={options.data ?? []}
      value={value}
      filterOptions={(all) => all}
      loading={options.isFetching}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      onChange={(_, next) => onChange(next)}
      onBlur={onBlur}
      onInputChange={(_, text) => setSearch(text)}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Recipients"
          placeholder="Search by name, e-mail or Z-code"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

/** A multiple select of ids bound to a form field, with its error under it. */
function IdsSelect({
  name,
  label,
  control,
  options,
}: {
  name: 'productTypeIds' | 'supplierIds';
  label: string;
  control: ReturnType<typeof useForm<AlertFormValues>>['control'];
  options: ReadonlyArray<{ id: number; name: string }>;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          slotProps={{ select: { multiple: true } }}
          onChange={(e) => field.onChange(e.target.value as unknown as number[])}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * Title, rich-text description, image, Active and (when creating) the audience and copies. The
 * form is checked by the request's own schema (alertFormSchema), each field's message under it.
 */
export function AlertForm({ mode, isAdmin, initial, presetRecipientId, submitting, error, onSubmit }: AlertFormProps) {
  const resolver = useMemo(() => zodResolver(alertFormSchema(mode)), [mode]);
  const { control, handleSubmit, setValue, getValues } = useForm<AlertFormValues>({
    defaultValues: alertFormDefaults(initial),
    resolver,
    mode: 'onTouched',
  });
  const [audience, segment, image] = useWatch({ control, name: ['audience', 'segment', 'image'] });
  const [upload, setUpload] = useState<{ percent: number; error?: string } | null>(null);
  const choices = useSegmentChoices(isAdmin && mode === 'create');
  const preset = useRecipientOptions('', presetRecipientId ? [presetRecipientId] : []);

  useEffect(() => {
    if (presetRecipientId && preset.data?.length && !getValues('recipients').length) {
      setValue(
        'recipients',
        preset.data.filter((option) => option.id === presetRecipientId),
      );
    }
  }, [presetRecipientId, preset.data, getValues, setValue]);

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ percent: 0 });
    try {
      // 'alert_image' is one of the server's upload purposes (FILE_PURPOSES).
      const url = await uploadFile(file, 'alert_image' as UploadPurpose, (percent) => setUpload({ percent }));
      setValue('image', url.replace('/api/files/', ''), { shouldDirty: true });
      setUpload(null);
    } catch (uploadError) {
      setUpload({ percent: 0, error: uploadError instanceof Error ? uploadError.message : 'Error uploading file' });
    }
  };

  const submit = handleSubmit((values) => {
    if (mode === 'edit') {
      onSubmit({
        title: values.title.trim(),
        description: values.description,
        image: values.image,
        active: values.active,
      });
      return;
    }
    onSubmit(toNewAlertRequest(values) as AlertSubmit);
  });

  const serverMessage = error
    ? isApiError(error) && error.status === 403
      ? `${mode === 'create' ? ALERT_MESSAGES.create : ALERT_MESSAGES.update}: ${errorMessage(error)}`
      : mode === 'create'
        ? ALERT_MESSAGES.create
        : ALERT_MESSAGES.update
    : null;

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <FormTextField control={control} name="title" label="Title" fullWidth placeholder="Alert" />
        <Controller
          name="description"
          control={control}
          render={({ field, fieldState }) => (
            <RichTextField
              label="Description"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="Write your alert…"
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Box>
          <Button variant="outlined" component="label">
            {image ? 'Replace image' : 'Add image'}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png"
              onChange={(e) => void pickImage(e.target.files?.[0])}
            />
          </Button>
          {image ? (
            <Button sx={{ ml: 1 }} color="inherit" onClick={() => setValue('image', null, { shouldDirty: true })}>
              Remove image
            </Button>
          ) : null}
          {upload && !upload.error ? (
            <Box sx={{ mt: 1 }}>
              <LinearProgress variant="determinate" value={upload.percent} />
              <Typography variant="caption">Uploading… {upload.percent}%</Typography>
            </Box>
          ) : null}
          {upload?.error ? (
            <Typography color="error" variant="body2">
              {upload.error}
            </Typography>
          ) : null}
          <AlertImage fileId={image} alt="Alert image" />
        </Box>
        <Controller
          name="active"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Active"
            />
          )}
        />

        {mode === 'create' ? (
          <>
            {isAdmin ? (
              <Controller
                name="audience"
                control={control}
                render={({ field }) => (
                  <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                    <FormControlLabel value="people" control={<Radio />} label="Individual or group" />
                    <FormControlLabel value="segment" control={<Radio />} label="Segment" />
                  </RadioGroup>
                )}
              />
            ) : null}
            {audience === 'people' ? (
              <Controller
                name="recipients"
                control={control}
                render={({ field, fieldState }) => (
                  <RecipientPicker
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ) : (
              <Stack spacing={2}>
                <Controller
                  name="segment"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      label="Segment"
                      value={field.value}
                      onChange={(e) => field.onChange(Number(e.target.value))}
                    >
                      {SEGMENT_OPTIONS.map((option) => (
                        <MenuItem key={option.id} value={option.id}>
                          {option.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                {segment === SEGMENT.productTypes ? (
                  <IdsSelect
                    name="productTypeIds"
                    label="Product types"
                    control={control}
                    options={choices.data?.productTypes ?? []}
                  />
                ) : null}
                {segment === SEGMENT.suppliers ? (
                  <IdsSelect
                    name="supplierIds"
                    label="Suppliers"
                    control={control}
                    options={choices.data?.suppliers ?? []}
                  />
                ) : null}
                {segment === SEGMENT.structureLevel ? (
                  <Controller
                    name="structureLevel"
                    control={control}
                    render={({ field, fieldState }) => (
                      <TextField
                        select
                        label="Structure level"
                        value={field.value ?? ''}
                        inputRef={field.ref}
                        onBlur={field.onBlur}
                        onChange={(e) => field.onChange(Number(e.target.value))}
                        error={fieldState.invalid}
                        helperText={fieldState.error?.message}
                      >
                        {(choices.data?.structureLevels ?? []).map((level) => (
                          <MenuItem key={level} value={level}>
                            Level {level}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                ) : null}
              </Stack>
            )}
            <Box>
              {(
                [
                  ['sendEmail', 'Also send an e-mail copy'],
                  ['sendSms', 'Also send an SMS copy'],
                ] as const
              ).map(([name, label]) => (
                <Controller
                  key={name}
                  name={name}
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                      label={label}
                    />
                  )}
                />
              ))}
            </Box>
          </>
        ) : null}

        {serverMessage ? <Alert severity="error">{serverMessage}</Alert> : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitting || Boolean(upload && !upload.error)}
          >
            {mode === 'create' ? 'Send Alert' : 'Save Alert'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
