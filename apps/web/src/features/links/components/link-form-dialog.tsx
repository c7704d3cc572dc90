import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canAddParameter,
  LINK_MAX_PARAMETERS,
  LINK_MESSAGES,
  type LinkForm,
  LinkRequest,
  previewLinkAddress,
  type SupplierLink,
} from '@portal/domain/links/supplier-links';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSaveLink } from '../api/supplier-links';

interface LinkFormDialogProps {
  open: boolean;
  supplierId: number;
  /** The dealer variables the supplier's links may use. */
  variables: readonly string[];
  /** The link to edit (an admin's, with its address and parameters); none to add one. */
  link?: SupplierLink | undefined;
  onClose: () => void;
}

const valuesOf = (link: SupplierLink | undefined): LinkForm => ({
  name: link?.name ?? '',
  address: link?.address ?? '',
  parameters: link?.parameters ?? [],
});

/**
 * Add or edit a link (spec 2 "Supplier Links tab", §5): name, address, and a REST query parameter
 * builder whose values are a dealer variable or a static value, with the Preview URL.
 */
export function LinkFormDialog({ open, supplierId, variables, link, onClose }: LinkFormDialogProps) {
  const isMobile = useIsMobile();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveLink();
  const isEdit = link !== undefined;
  const { control, handleSubmit, reset, setError } = useForm<LinkForm, unknown, LinkRequest>({
    resolver: zodResolver(LinkRequest),
    defaultValues: valuesOf(link),
  });
  const parameters = useFieldArray({ control, name: 'parameters' });
  const address = useWatch({ control, name: 'address' });
  const added = useWatch({ control, name: 'parameters' }) ?? [];
  const [parameterName, setParameterName] = useState('');
  const [isStatic, setIsStatic] = useState(false);
  const [variable, setVariable] = useState('');
  const [staticValue, setStaticValue] = useState('');
  const parameterValue = isStatic ? staticValue : variable;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened dialog starts from the link
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(link));
    save.reset();
    setParameterName('');
    setIsStatic(false);
    setVariable('');
    setStaticValue('');
  }, [open, link, reset]);

  const addParameter = () => {
    if (!canAddParameter(parameterName, parameterValue)) return;
    parameters.append({ name: parameterName.trim(), value: parameterValue.trim(), isStatic });
    setParameterName('');
    setVariable('');
    setStaticValue('');
  };

  const submit = handleSubmit((values) => {
    save.mutate(
      { id: link?.id, link: isEdit ? values : { ...values, supplierId } },
      {
        onSuccess: () => {
          enqueueSnackbar(isEdit ? LINK_MESSAGES.edited : LINK_MESSAGES.added, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const onField = isApiError(error)
            ? error.fieldErrors.find((field) => field.field === 'name' || field.field === 'address')
            : undefined;
          if (onField) setError(onField.field as 'name' | 'address', { message: onField.message });
        },
      },
    );
  });
  const failure = save.error ? errorMessage(save.error) : null;
  const preview = previewLinkAddress(address ?? '', added);

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{isEdit ? 'Edit Link' : 'Add Link'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Controller
            control={control}
            name="name"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label="Link Name"
                required
                autoFocus
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? 'Required'}
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { autoComplete: 'off' } }}
              />
            )}
          />
          <Controller
            control={control}
            name="address"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label="Link Address"
                required
                type="url"
                placeholder="https://"
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? 'Required'}
                slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'url' } }}
              />
            )}
          />

          <Paper
            variant="outlined"
            component="section"
            aria-label="REST Query Parameters"
            sx={{ p: 2, display: 'grid', gap: 1.5 }}
          >
            <Typography variant="subtitle1" component="h3">
              REST Query Parameters
            </Typography>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label="Parameter Name"
                size="small"
                value={parameterName}
                onChange={(event) => setParameterName(event.target.value)}
                slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 100 } }}
              />
              {isStatic ? (
                <TextField
                  label="Static Value"
                  size="small"
                  value={staticValue}
                  onChange={(event) => setStaticValue(event.target.value)}
                  slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 500 } }}
                />
              ) : (
                <TextField
                  select
                  label="Dealer Variable"
                  size="small"
                  value={variable}
                  onChange={(event) => setVariable(event.target.value)}
                >
                  {variables.map((name) => (
                    <MenuItem key={name} value={name}>
                      {name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Box>
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
            >
              <FormControlLabel
                control={<Switch checked={isStatic} onChange={(event) => setIsStatic(event.target.checked)} />}
                label="Static value"
              />
              <Button
                variant="outlined"
                startIcon={<AddRoundedIcon />}
                disabled={!canAddParameter(parameterName, parameterValue) || added.length >= LINK_MAX_PARAMETERS}
                onClick={addParameter}
              >
                Add REST Query Parameter
              </Button>
            </Box>
            {parameters.fields.length ? (
              <List dense aria-label="Added parameters" disablePadding>
                {parameters.fields.map((parameter, index) => (
                  <ListItem
                    key={parameter.id}
                    disableGutters
                    secondaryAction={
                      <IconButton
                        edge="end"
                        aria-label={`Remove parameter ${parameter.name}`}
                        onClick={() => parameters.remove(index)}
                      >
                        <CloseRoundedIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText
                      primary={`${parameter.name} = ${parameter.isStatic ? parameter.value : `{${parameter.value}}`}`}
                      secondary={parameter.isStatic ? 'Static value' : 'Dealer variable'}
                      slotProps={{ primary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary">
                No parameters added.
              </Typography>
            )}
          </Paper>

          <Box>
            <Typography variant="subtitle2" component="h3" id={`${titleId}-preview`}>
              Preview URL
            </Typography>
            <Typography
              aria-labelledby={`${titleId}-preview`}
              role="status"
              variant="body2"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
            >
              {preview || '—'}
            </Typography>
          </Box>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {isEdit ? 'Edit Link' : 'Add Link'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
