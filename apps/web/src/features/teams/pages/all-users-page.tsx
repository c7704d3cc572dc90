import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EXPORT_PAGE_SIZE, usersExportFileName } from '@portal/domain/teams/users-export';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadCsv, type ExportProgress, exportAllUsers } from '../api/export-users';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress | null }
  | { kind: 'done'; rows: number; fileName: string }
  | { kind: 'failed'; message: string };

const percentOf = (progress: ExportProgress | null) =>
  progress && progress.total > 0 ? Math.min(100, Math.round((progress.fetched / progress.total) * 100)) : 0;

/** '/all-users' (admins): every user as a CSV file, read 1000 at a time with a progress bar (spec 1 §2.2, §9). */
export function AllUsersPage() {
  useDocumentTitle('All Users');
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', progress: null });
    try {
      const { csv, rows } = await exportAllUsers(
        (progress) => setState({ kind: 'running', progress }),
        controller.signal,
      );
      const fileName = usersExportFileName(new Date());
      downloadCsv(csv, fileName);
      setState({ kind: 'done', rows, fileName });
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: 'idle' });
      else setState({ kind: 'failed', message: errorMessage(error) });
    } finally {
      abort.current = null;
    }
  };

  const running = state.kind === 'running';
  const progress = running ? state.progress : null;

  return (
    <>
      <PageHeader title="All Users" subtitle="Download every user in the portal as a CSV file." />
      <Card sx={{ maxWidth: 720 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">
            {`The file lists every user, deleted ones included, with their code, names, contact details, status, parent and verification. Users are read ${EXPORT_PAGE_SIZE} at a time; keep this page open until the download starts.`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<DownloadRoundedIcon />}
              onClick={start}
              loading={running}
              loadingPosition="start"
            >
              Export All Users
            </Button>
            {running ? (
              <Button onClick={() => abort.current?.abort()} variant="outlined">
                Cancel
              </Button>
            ) : null}
          </Box>
          {running ? (
            <Box>
              <LinearProgress
                variant={progress ? 'determinate' : 'indeterminate'}
                value={percentOf(progress)}
                aria-label="Export progress"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
                {progress
                  ? `Fetched ${progress.fetched} of ${progress.total} users (${percentOf(progress)}%)`
                  : 'Starting…'}
              </Typography>
            </Box>
          ) : null}
          {state.kind === 'done' ? (
            <Alert severity="success">{`Exported ${state.rows} users to ${state.fileName}.`}</Alert>
          ) : null}
          {state.kind === 'failed' ? <Alert severity="error">{state.message}</Alert> : null}
        </CardContent>
      </Card>
    </>
  );
}
