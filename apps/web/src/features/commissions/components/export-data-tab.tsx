import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CSV_EXPORTS,
  type CsvExportKey,
  EXPORT_COMPLETED,
  exportsOutcome,
  NO_DATA_TO_EXPORT,
  USERS_EXPORT_HEADER,
  USERS_EXPORT_PAGE_SIZE,
  UserCount,
  UsersPage,
} from '@portal/domain/commissions/cycle';
import { csvLines, UTF8_BOM } from '@portal/domain/platform/csv';
import { useState } from 'react';
import { api, errorMessage } from '../../../lib/api';
import { csvHasRows, downloadText } from '../api/commission-cycle';

type Outcome = 'exported' | 'empty';
type ExportKey = CsvExportKey | 'users';

interface Notice {
  severity: 'success' | 'info' | 'error';
  text: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** One CSV export: the server streams it; an answer with only the header row is 'No data to export'. */
async function runCsvExport(key: CsvExportKey, periodId: number | undefined): Promise<Outcome> {
  const definition = CSV_EXPORTS.find((item) => item.key === key)!;
  const csv = await api<string>(`/api/commissions/${key}`, {
    query: definition.needsPeriod ? { commissions_period: periodId } : {},
    timeoutMs: 300_000,
  });
  if (!csvHasRows(csv)) return 'empty';
  downloadText(csv, `${key}${definition.needsPeriod ? `-period-${periodId}` : ''}-${today()}.csv`);
  return 'exported';
}

/** The all-users export (spec 3 §7.3, §9): the count, then pages of 1000 with a percentage. */
async function runUsersExport(onPercent: (percent: number) => void): Promise<Outcome> {
  const { count } = await api('/api/commissions/user-count', { schema: UserCount });
  if (count === 0) return 'empty';
  const parts = [UTF8_BOM + csvLines([USERS_EXPORT_HEADER])];
  const pages = Math.ceil(count / USERS_EXPORT_PAGE_SIZE);
  onPercent(0);
  for (let page = 1; page <= pages; page += 1) {
    const answer = await api('/api/commissions/users', {
      query: { page, pageSize: USERS_EXPORT_PAGE_SIZE },
      schema: UsersPage,
    });
    parts.push(
      csvLines(
        answer.data.map((user) => [
          user.z_code,
          user.first_name,
          user.surname,
          user.email,
          user.phone,
          user.status,
          user.user_type,
          user.tier,
          user.is_leader ? 'Yes' : 'No',
          user.parent_z_code,
          user.created_at,
        ]),
      ),
    );
    onPercent(Math.round((page / pages) * 100));
  }
  downloadText(parts.join(''), `users-${today()}.csv`);
  return 'exported';
}

/** The Export Data tab (spec 3 §2.9, §7.3): each export alone, or all of them in a row. */
export function ExportDataTab({ periodId }: { periodId: number | undefined }) {
  const [busy, setBusy] = useState<ExportKey | 'all' | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [notices, setNotices] = useState<Partial<Record<ExportKey | 'all', Notice>>>({});

  const runOne = (key: ExportKey) => (key === 'users' ? runUsersExport(setPercent) : runCsvExport(key, periodId));

  const single = async (key: ExportKey) => {
    setBusy(key);
    setNotices((current) => ({ ...current, [key]: undefined }));
    try {
      const outcome = await runOne(key);
      setNotices((current) => ({
        ...current,
        [key]:
          outcome === 'exported'
            ? { severity: 'success', text: EXPORT_COMPLETED }
            : { severity: 'info', text: NO_DATA_TO_EXPORT },
      }));
    } catch (error) {
      setNotices((current) => ({
        ...current,
        [key]: { severity: 'error', text: `Export failed: ${errorMessage(error)}` },
      }));
    } finally {
      setBusy(null);
      setPercent(null);
    }
  };

  const all = async () => {
    setBusy('all');
    setNotices({});
    let succeeded = 0;
    let failed = 0;
    const keys: ExportKey[] = [...CSV_EXPORTS.map((item) => item.key), 'users'];
    for (const key of keys) {
      try {
        await runOne(key);
        succeeded += 1;
      } catch {
        failed += 1;
      }
    }
    setBusy(null);
    setPercent(null);
    setNotices({
      all: { severity: failed ? (succeeded ? 'info' : 'error') : 'success', text: exportsOutcome(succeeded, failed) },
    });
  };

  const rows: { key: ExportKey; label: string; needsPeriod: boolean }[] = [
    ...CSV_EXPORTS.map((item) => ({ key: item.key, label: item.label, needsPeriod: item.needsPeriod })),
    { key: 'users', label: 'All users', needsPeriod: false },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<DownloadRoundedIcon />}
          disabled={busy !== null}
          onClick={() => void all()}
        >
          Export All Reports
        </Button>
        <Typography variant="body2" color="text.secondary">
          Period reports are for the current period.
        </Typography>
      </Box>
      {notices.all ? <Alert severity={notices.all.severity}>{notices.all.text}</Alert> : null}
      {percent !== null ? (
        <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="body2">{`Exporting users — ${percent}%`}</Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={`Users export ${percent}%`} />
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {rows.map((row) => (
          <Paper key={row.key} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, alignContent: 'start' }}>
            <Typography variant="subtitle2">{row.label}</Typography>
            <Box>
              <Button
                size="small"
                variant="outlined"
                startIcon={<DownloadRoundedIcon />}
                disabled={busy !== null || (row.needsPeriod && periodId === undefined)}
                onClick={() => void single(row.key)}
                aria-label={`Export ${row.label}`}
              >
                Export
              </Button>
            </Box>
            {notices[row.key] ? (
              <Alert severity={notices[row.key]!.severity} sx={{ py: 0 }}>
                {notices[row.key]!.text}
              </Alert>
            ) : null}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
