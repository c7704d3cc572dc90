import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  DEFAULT_STRUCTURE_LEVEL,
  LEADER_TRAINING_TYPE,
  type ModuleForm,
  ModuleRequest,
  type NamedOption,
  TRAINING_ADMIN_MESSAGES,
  TRAINING_TYPES,
  type TrainingModule,
  type TrainingModuleOptions,
} from '@portal/domain/university/training-admin';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteModule, useSaveModule } from '../api/training-admin';

interface ModuleDialogProps {
  open: boolean;
  options: TrainingModuleOptions | undefined;
  /** The module to edit; none to create one. */
  module?: TrainingModule | undefined;
  onClose: () => void;
}

const valuesOf = (module: TrainingModule | undefined): ModuleForm => ({
  name: module?.name ?? '',
  description: module?.description ?? '',
  category: module?.category ?? '',
  supplierIds: module?.suppliers.map((supplier) => supplier.id) ?? [],
  productTypeIds: module?.productTypes.map((type) => type.id) ?? [],
  isCompulsory: module?.isCompulsory ?? false,
  trainingType: module?.trainingType === LEADER_TRAINING_TYPE ? LEADER_TRAINING_TYPE : 1,
  structureLevelId: module?.structureLevelId ?? null,
  active: module?.active ?? true,
});

function MultiPick({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly NamedOption[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const chosen = options.filter((option) => value.includes(option.id));
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={chosen}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((option) => option.id))}
      renderInput={(params) => <TextField {...params} label={label} helperText="None chosen: for everyone" />}
    />
  );
}

/** The module dialog (spec 3 §2.5, §3.1): create, edit and delete. */
export function ModuleDialog({ open, options, module, onClose }: ModuleDialogProps) {
  const isMobile = useIsMobile();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveModule();
  const remove = useDeleteModule();
  const [confirming, setConfirming] = useState(false);
  const isEdit = module !== undefined;
  const { control, handleSubmit, reset, setValue } = useForm<ModuleForm, unknown, ModuleRequest>({
    resolver: zodResolver(ModuleRequest),
    defaultValues: valuesOf(module),
  });
  const trainingType = useWatch({ control, name: 'trainingType' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened dialog starts from the module
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(module));
    save.reset();
    remove.reset();
    setConfirming(false);
  }, [open, module, reset]);

  const submit = handleSubmit((values) => {
    save.mutate(
      { id: module?.id, module: values },
      {
        onSuccess: () => {
          enqueueSnackbar(isEdit ? TRAINING_ADMIN_MESSAGES.updated : TRAINING_ADMIN_MESSAGES.created, {
            variant: 'success',
            autoHideDuration: 3000,
          });
          onClose();
        },
        onError: () =>
          enqueueSnackbar(isEdit ? TRAINING_ADMIN_MESSAGES.updateFailed : TRAINING_ADMIN_MESSAGES.createFailed, {
            variant: 'error',
            autoHideDuration: 3000,
          }),
      },
    );
  });

  const confirmDelete = () => {
    if (!module) return;
    remove.mutate(module.id, {
      onSuccess: () => {
        enqueueSnackbar(TRAINING_ADMIN_MESSAGES.deleted, { variant: 'success', autoHideDuration: 3000 });
        setConfirming(false);
        onClose();
      },
      onError: () => {
        enqueueSnackbar(TRAINING_ADMIN_MESSAGES.deleteFailed, { variant: 'error', autoHideDuration: 3000 });
        setConfirming(false);
      },
    });
  };

  const busy = save.isPending || remove.isPending;
  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : onClose}
        fullWidth
        maxWidth="sm"
        fullScreen={isMobile}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{isEdit ? 'Edit Module' : 'Create New Module'}</DialogTitle>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
          <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Controller
              control={control}
              name="name"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Module Name"
                  required
                  autoFocus
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message}
                  sx={{ mt: 1 }}
                />
              )}
            />
            <Controller
              control={control}
              name="description"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label="Description"
                  multiline
                  minRows={2}
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="category"
              render={({ field, fieldState }) => (
                <Autocomplete
                  freeSolo
                  options={options?.categories ?? []}
                  value={field.value}
                  onInputChange={(_, value) => field.onChange(value)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Category"
                      error={fieldState.invalid}
                      helperText={fieldState.error?.message ?? 'Choose one in use or type a new one'}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name="productTypeIds"
              render={({ field }) => (
                <MultiPick
                  label="Product Types"
                  options={options?.productTypes ?? []}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="supplierIds"
              render={({ field }) => (
                <MultiPick
                  label="Suppliers"
                  options={options?.suppliers ?? []}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="trainingType"
              render={({ field: { ref, ...field } }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  select
                  label="Training Type"
                  onChange={(event) => {
                    const next = Number(event.target.value) as 1 | 3;
                    field.onChange(next);
                    // Spec 3 §9: choosing the leader type defaults the structure level to 1.
                    setValue('structureLevelId', next === LEADER_TRAINING_TYPE ? DEFAULT_STRUCTURE_LEVEL : null);
                  }}
                >
                  {TRAINING_TYPES.map((type) => (
                    <MenuItem key={type.id} value={type.id}>
                      {type.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {trainingType === LEADER_TRAINING_TYPE ? (
              <Controller
                control={control}
                name="structureLevelId"
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    select
                    label="Structure Level"
                    value={field.value ?? DEFAULT_STRUCTURE_LEVEL}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    helperText="Leaders at this level and below take the module"
                  >
                    {(options?.structureLevels ?? []).map((level) => (
                      <MenuItem key={level.id} value={level.id}>
                        {level.id}. {level.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : null}
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <Controller
                control={control}
                name="isCompulsory"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
                    label="Compulsory"
                  />
                )}
              />
              <Controller
                control={control}
                name="active"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(_, checked) => field.onChange(checked)} />}
                    label="Active"
                  />
                )}
              />
            </Box>
            {save.error ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
            {isEdit ? (
              <Button color="error" onClick={() => setConfirming(true)} disabled={busy} sx={{ mr: 'auto' }}>
                Delete
              </Button>
            ) : null}
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending} disabled={busy}>
              {isEdit ? 'Save' : 'Create'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Delete module?"
        text={`'${module?.name ?? ''}' leaves the university for everyone. Its marks are kept.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
