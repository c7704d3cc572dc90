import { zodResolver } from '@hookform/resolvers/zod';
import SimCardRoundedIcon from '@mui/icons-material/SimCardRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RICA_ID_TYPES, RicaRequest } from '@portal/domain/rica/rica';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { useReferenceLists } from '../../../lib/reference-lists';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRegisterSim } from '../api/rica';

const EMPTY: RicaRequest = {
  network: '',
  simNumber: '',
  idType: 'RSAID',
  idNationality: 'ZAF',
  idNumber: '',
  name: '',
  surname: '',
  address1: '',
  address2: '',
  address3: '',
  city: '',
  suburb: '',
  postalCode: '',
  country: 'ZAF',
};

type Field = keyof RicaRequest;
const TEXT_FIELDS: Array<{ name: Field; label: string; md: number; numeric?: boolean; optional?: boolean }> = [
  { name: 'idNumber', label: 'ID Number', md: 4 },
  { name: 'name', label: 'Name', md: 6 },
  { name: 'surname', label: 'Surname', md: 6 },
  { name: 'address1', label: 'Address Line 1', md: 12 },
  { name: 'address2', label: 'Address Line 2', md: 6, optional: true },
  { name: 'address3', label: 'Address Line 3', md: 6, optional: true },
  { name: 'suburb', label: 'Suburb', md: 4 },
  { name: 'city', label: 'City/Town', md: 4 },
  { name: 'postalCode', label: 'Postal Code', md: 4, numeric: true },
];

/** '/rica' (spec 1 §2.6): register a customer's SIM card through the RICA adapter. */
export function RicaPage() {
  useDocumentTitle('RICA a SIM card');
  const lists = useReferenceLists();
  const register = useRegisterSim();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { control, handleSubmit, reset, watch } = useForm<RicaRequest>({
    resolver: zodResolver(RicaRequest),
    defaultValues: EMPTY,
  });
  const simNumber = watch('simNumber');

  const submit = handleSubmit((form) =>
    register.mutate(form, {
      onSuccess: (answer) => setResult({ ok: answer.status !== 'failed', text: answer.message.result }),
      onError: (error) => setResult({ ok: false, text: errorMessage(error) }),
    }),
  );

  const ricaNetworks = lists.data?.networks.filter((network) => network.isRica) ?? [];
  const countries = lists.data?.countries ?? [];
  const select = (name: Field, label: string, options: Array<{ value: string; label: string }>) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          select
          fullWidth
          label={label}
          required
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="RICA a SIM card"
        subtitle="Register the customer's SIM card with their network before activation."
      />
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <SimCardRoundedIcon color="primary" /> SIM
        </Typography>
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            {select(
              'network',
              'Network',
              ricaNetworks.map((network) => ({ value: network.code, label: network.name })),
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Controller
              name="simNumber"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  fullWidth
                  required
                  label="SIM Number"
                  placeholder="ICCID printed on the SIM card"
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 22 } }}
                  onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
                />
              )}
            />
          </Grid>
        </Grid>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Customer
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>{select('idType', 'ID Type', [...RICA_ID_TYPES])}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>{select('idNationality', 'ID Nationality', countries)}</Grid>
          {TEXT_FIELDS.map((spec) => (
            <Grid key={spec.name} size={{ xs: 12, md: spec.md }}>
              <Controller
                name={spec.name}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    value={field.value ?? ''}
                    fullWidth
                    required={!spec.optional}
                    label={spec.label}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: spec.numeric ? { inputMode: 'numeric', maxLength: 4 } : {} }}
                  />
                )}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, md: 4 }}>{select('country', 'Residential Country', countries)}</Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" size="large" disabled={register.isPending || !simNumber}>
            {register.isPending ? 'Submitting…' : 'Submit'}
          </Button>
        </Box>
      </Paper>

      <Dialog open={result !== null} onClose={() => setResult(null)} fullWidth maxWidth="sm">
        <DialogTitle>{result?.ok ? 'RICA submitted' : 'RICA failed'}</DialogTitle>
        <DialogContent>
          <Alert severity={result?.ok ? 'success' : 'error'}>{result?.text}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResult(null)}>Close &amp; Keep Form Value</Button>
          <Button
            variant="contained"
            onClick={() => {
              setResult(null);
              reset(EMPTY);
            }}
          >
            Close &amp; Reset Form
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
