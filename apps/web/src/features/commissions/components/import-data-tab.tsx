import { zodResolver } from '@hookform/resolvers/zod';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  AGENT_IMPORT_COLUMNS,
  COMMISSION_IMPORT_STAGES,
  type CommissionImportType,
  LEADER_IMPORT_COLUMNS,
} from '@portal/domain/commissions/calculation';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { useCommissionImportStatus, useRefreshPreview, useStartCommissionImport } from '../api/calculation';

// Import Data tab of '/commissions' (spec 3 §2.9, §3.6, §4.5; decision 031): the Agent CSV and
// Leader CSV payout files. The file is uploaded (the 'uploading' stage shows the upload itself),
// then a job matches every row to an order and a dealer; rows that match nothing are kept as
// exceptions, shown in Post-Processing.

const STAGE_LABELS: Record<string, string> = {
  preparing: 'Preparing',
  uploading: 'Uploading',
  processing: 'Processing',
  complete: 'Complete',
};

const ImportForm = z.object({
  file: z
    .instanceof(File, { message: 'Please choose a CSV file.' })
    .nullable()
    .refine((file) => file !== null, { message: 'Please choose a CSV file.' }),
});
type ImportForm = z.input<typeof ImportForm>;

function ImportPanel({ type }: { type: CommissionImportType }) {
  const [uploadPercent, setUploadPercent] = useState<number | undefined>();
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [importId, setImportId] = useState<number | undefined>();
  const start = useStartCommissionImport();
  const status = useCommissionImportStatus(importId);
  const refresh = useRefreshPreview();
  const form = useForm<ImportForm>({ resolver: zodResolver(ImportForm), defaultValues: { file: null } });
  const current = status.data;
  const jobRunning = current !== undefined && (current.status === 'queued' || current.status === 'running');
  const running =
    uploadPercent !== undefined || start.isPending || (importId !== undefined && (!current || jobRunning));
  const finished = current?.status === 'completed';

  useEffect(() => {
    if (finished) void refresh();
  }, [finished, refresh]);

  // The stage the stepper shows: the upload first, then the job's own stages.
  let stage: string | undefined;
  let percent = 0;
  if (uploadPercent !== undefined) {
    stage = 'uploading';
    percent = Math.round(uploadPercent / 2);
  } else if (start.isPending) {
    stage = 'preparing';
  } else if (current) {
    stage =
      current.status === 'completed'
        ? 'complete'
        : current.stage && current.stage in STAGE_LABELS
          ? current.stage
          : 'preparing';
    percent = current.status === 'completed' ? 100 : Math.max(50, current.percent);
  } else if (importId !== undefined) {
    stage = 'preparing';
  }
  const stageIndex = stage ? COMMISSION_IMPORT_STAGES.indexOf(stage as (typeof COMMISSION_IMPORT_STAGES)[number]) : -1;

  const submit = form.handleSubmit(async (values) => {
    setUploadError(undefined);
    setImportId(undefined);
    start.reset();
    let fileId: string;
    try {
      setUploadPercent(0);
      const address = await uploadFile(values.file as File, 'commission_import', setUploadPercent);
      fileId = address.slice(address.lastIndexOf('/') + 1);
    } catch (error) {
      setUploadError(`Error uploading file: ${errorMessage(error)}`);
      return;
    } finally {
      setUploadPercent(undefined);
    }
    start.mutate({ type, fileId }, { onSuccess: (started) => setImportId(started.id) });
  });

  const columns = (type === 'Agent' ? AGENT_IMPORT_COLUMNS : LEADER_IMPORT_COLUMNS).join(', ');
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Typography variant="body2" color="text.secondary">
        {type === 'Agent'
          ? 'Agent payouts computed outside the portal. Each row pays one dealer for one order and replaces the calculated agent line.'
          : 'Leader payouts computed outside the portal. Each row pays up to four leaders for one order, at the tier given.'}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <Controller
          name="file"
          control={form.control}
          render={({ field, fieldState }) => (
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Button component="label" variant="outlined" startIcon={<UploadFileRoundedIcon />} disabled={running}>
                  Choose CSV file
                  <input
                    hidden
                    type="file"
                    accept=".csv,text/csv"
                    aria-label={`${type} CSV file`}
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
              <Typography
                variant="caption"
                color={fieldState.error ? 'error' : 'text.secondary'}
                sx={{ wordBreak: 'break-word' }}
              >
                {fieldState.error?.message ?? `Columns: ${columns}. Paid-to is the dealer's Z-code; amounts in rand.`}
              </Typography>
            </Box>
          )}
        />
        <Box>
          <Button type="submit" variant="contained" loading={running}>
            {`Import ${type} CSV`}
          </Button>
        </Box>
      </Box>
      {stage ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} role="status" aria-live="polite">
          <Stepper activeStep={stage === 'complete' ? COMMISSION_IMPORT_STAGES.length : stageIndex} alternativeLabel>
            {COMMISSION_IMPORT_STAGES.map((name) => (
              <Step key={name}>
                <StepLabel>{STAGE_LABELS[name]}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <LinearProgress variant="determinate" value={percent} aria-label={`${STAGE_LABELS[stage]} ${percent}%`} />
          <Typography variant="body2">
            {STAGE_LABELS[stage]} — {percent}%{current?.message && stage !== 'complete' ? ` · ${current.message}` : ''}
          </Typography>
        </Box>
      ) : null}
      {uploadError ? <Alert severity="error">{uploadError}</Alert> : null}
      {start.isError ? <Alert severity="error">{`Import failed: ${errorMessage(start.error)}`}</Alert> : null}
      {current?.status === 'failed' ? <Alert severity="error">{`Import failed: ${current.error ?? ''}`}</Alert> : null}
      {finished ? (
        <Alert severity={current.counts.exceptions ? 'warning' : 'success'}>
          {`Imported Successfully: ${current.counts.rows} rows, ${current.counts.imported} lines imported, ${current.counts.exceptions} exceptions (see Post-Processing).`}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The Import Data tab: Agent CSV and Leader CSV sub-tabs. */
export function ImportDataTab() {
  const [type, setType] = useState<CommissionImportType>('Agent');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Tabs value={type} onChange={(_event, value: CommissionImportType) => setType(value)} aria-label="Import type">
        <Tab value="Agent" label="Agent CSV" />
        <Tab value="Leader" label="Leader CSV" />
      </Tabs>
      <ImportPanel key={type} type={type} />
    </Box>
  );
}
