import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { isJobRunning } from '../../../lib/file-import';

/** How the imports name their job's stages (spec 3 §2.9: preparing, uploading, processing, complete). */
export const IMPORT_STAGES: Record<string, string> = {
  queued: 'Waiting to start',
  started: 'Starting',
  preparing: 'Preparing',
  uploading: 'Loading rows',
  processing: 'Processing',
  complete: 'Complete',
};

/** A labelled progress bar, read out as it moves. */
export function ImportProgress({ label, percent }: { label: string; percent: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }} role="status" aria-live="polite">
      <Typography variant="body2">
        {label} — {percent}%
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={`${label} ${percent}%`} />
    </Box>
  );
}

/** An import's progress: its file's upload, then the server job's stage while it runs. */
export function ImportJobProgress({
  uploadPercent,
  job,
}: {
  uploadPercent: number | undefined;
  job: { status: string; stage: string | null; percent: number } | undefined;
}) {
  return (
    <>
      {uploadPercent !== undefined ? <ImportProgress label="Uploading file" percent={uploadPercent} /> : null}
      {isJobRunning(job) && job ? (
        <ImportProgress
          label={IMPORT_STAGES[job.stage ?? job.status] ?? job.stage ?? 'Working'}
          percent={job.percent}
        />
      ) : null}
    </>
  );
}
