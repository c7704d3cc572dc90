import { zodResolver } from '@hookform/resolvers/zod';
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
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CsvFileField, ImportStartErrors } from '../../../components/csv-file-field';
import { CsvFileInput, isJobRunning, useImportUpload } from '../../../lib/file-import';
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
  file: CsvFileInput,
});
type ImportForm = z.input<typeof ImportForm>;

function ImportPanel({ type }: { type: CommissionImportType }) {
  const upload = useImportUpload('commission_import');
  const uploadPercent = upload.percent;
  const [importId, setImportId] = useState<number | undefined>();
  const start = useStartCommissionImport();
  const status = useCommissionImportStatus(importId);
  const refresh = useRefreshPreview();
  const form = useForm<ImportForm>({ resolver: zodResolver(ImportForm), defaultValues: { file: null } });
  const current = status.data;
  const jobRunning = isJobRunning(current);
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
    setImportId(undefined);
    start.reset();
    const fileId = await upload.upload(values.file as File);
    if (fileId === undefined) return;
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
        <CsvFileField
          control={form.control}
          name="file"
          label={`${type} CSV file`}
          hint={`Columns: ${columns}. Paid-to is the dealer's Z-code; amounts in rand.`}
          disabled={running}
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
      <ImportStartErrors uploadError={upload.error} startError={start.error} />
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
