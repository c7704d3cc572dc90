import AccountBalanceRoundedIcon from '@mui/icons-material/AccountBalanceRounded';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import SummarizeRoundedIcon from '@mui/icons-material/SummarizeRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CLOSE_FAILED,
  type CommissionPeriod,
  NO_DATA_TO_EXPORT,
  type PaymentFile,
  PERIOD_ALREADY_EXPORTED,
  PERIOD_CLOSED_SUCCESS,
  RELOAD_AFTER_CLOSE_MS,
} from '@portal/domain/commissions/cycle';
import { formatRand } from '@portal/domain/platform/format';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { StepUpDialog } from '../../../components/step-up-dialog';
import { errorMessage } from '../../../lib/api';
import {
  commissionKeys,
  csvHasRows,
  downloadText,
  fetchBankingExport,
  type JobRow,
  useClosePeriod,
  useClosureSummary,
  useJobProgress,
  useStartStamping,
} from '../api/commission-cycle';

const AmountsChart = lazy(() => import('./amounts-chart'));

export function StepCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {icon}
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function JobStatus({ job, doneText }: { job: JobRow | undefined; doneText: string }) {
  if (!job) return null;
  if (job.state === 'failed') return <Alert severity="error">{job.message ?? 'The step failed.'}</Alert>;
  if (job.state === 'completed') return <Alert severity="success">{`${doneText} ${job.message ?? ''}`.trim()}</Alert>;
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">{`${job.message ?? 'Waiting to start'} — ${job.percent}%`}</Typography>
      <LinearProgress variant="determinate" value={job.percent} aria-label={`Progress ${job.percent}%`} />
    </Box>
  );
}

/** Period stamping: attaches the waiting lines (not the held ones) to the period, as a job. */
function StampingStep({ period }: { period: CommissionPeriod }) {
  const queryClient = useQueryClient();
  const start = useStartStamping();
  const job = useJobProgress(start.data?.jobId);
  useEffect(() => {
    if (job?.state === 'completed') void queryClient.invalidateQueries({ queryKey: commissionKeys.all });
  }, [job?.state, queryClient]);
  const running = start.isPending || job?.state === 'queued' || job?.state === 'running';
  return (
    <StepCard icon={<VerifiedRoundedIcon color="primary" />} title="Period stamping">
      <Typography variant="body2" color="text.secondary">
        Attaches every calculated or imported line not yet in a period to this one. Held lines stay out and roll into
        the next period.
      </Typography>
      <Box>
        <Button
          variant="contained"
          disabled={running || period.status === 'closed' || period.bankingExportedAt !== null}
          onClick={() => start.mutate(period.id)}
        >
          Stamp Period
        </Button>
      </Box>
      {period.bankingExportedAt && period.status === 'open' ? (
        <Alert severity="info">{PERIOD_ALREADY_EXPORTED}</Alert>
      ) : null}
      {start.isError ? <Alert severity="error">{errorMessage(start.error)}</Alert> : null}
      <JobStatus job={job} doneText="Stamping complete:" />
    </StepCard>
  );
}

function ClosureSummaryStep({ period }: { period: CommissionPeriod }) {
  const summary = useClosureSummary(period.id);
  const data = summary.data?.data;
  return (
    <StepCard icon={<SummarizeRoundedIcon color="primary" />} title="Closure summary">
      {summary.isError ? <Alert severity="error">Failed to get closure summary</Alert> : null}
      {data ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'center',
          }}
        >
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto auto auto', columnGap: 2, rowGap: 0.5, m: 0 }}
            aria-label="Closure summary"
          >
            <Typography component="dt" variant="body2" color="text.secondary" />
            <Typography variant="body2" color="text.secondary">
              Orders
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Amount
            </Typography>
            {(
              [
                ['Agent', data.agent],
                ['Dealer (leaders)', data.dealer],
              ] as const
            ).map(([label, block]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {block.order_count}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {formatRand(block.total_amount)}
                </Typography>
              </Box>
            ))}
            <Typography component="dt" variant="subtitle2">
              Total commissions paid
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {`${data.payee_count} payees`}
            </Typography>
            <Typography component="dd" variant="subtitle2" sx={{ m: 0 }} data-testid="total-commissions-paid">
              {formatRand(data.total_commissions_paid)}
            </Typography>
          </Box>
          {data.payee_count === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nothing is stamped in this period yet: stamp it to see its totals.
            </Typography>
          ) : (
            <Suspense fallback={<Box sx={{ height: 200 }} />}>
              <AmountsChart
                height={200}
                bars={[
                  { label: 'Agent', cents: data.agent.total_amount },
                  { label: 'Dealer', cents: data.dealer.total_amount },
                ]}
              />
            </Suspense>
          )}
        </Box>
      ) : summary.isPending ? (
        <LinearProgress aria-label="Loading the closure summary" />
      ) : null}
    </StepCard>
  );
}

function BankingExportStep({ period }: { period: CommissionPeriod }) {
  const queryClient = useQueryClient();
  const [payment, setPayment] = useState<PaymentFile>('bank');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (password: string) => {
    setBusy(true);
    setError(null);
    try {
      const csv = await fetchBankingExport({ period: period.id, payment, password });
      setOpen(false);
      // The period now shows as exported (no more stamping into it).
      void queryClient.invalidateQueries({ queryKey: commissionKeys.all });
      if (!csvHasRows(csv)) {
        setNotice(NO_DATA_TO_EXPORT);
        return;
      }
      downloadText(csv, `banking-${payment === 'bank' ? 'bank' : 'ewallet'}-period-${period.id}.csv`);
      setNotice('Export completed successfully');
    } catch (failure) {
      setError(`Export failed: ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepCard icon={<AccountBalanceRoundedIcon color="primary" />} title="Banking export">
      <Typography variant="body2" color="text.secondary">
        One row per payee with a positive total in this period. Bank and eWallet payees are in separate files.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Payees"
          value={payment}
          onChange={(event) => setPayment(event.target.value as PaymentFile)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="bank">Bank accounts</MenuItem>
          <MenuItem value="eWallet">eWallet</MenuItem>
        </TextField>
        <Button
          variant="contained"
          onClick={() => {
            setNotice(null);
            setError(null);
            setOpen(true);
          }}
        >
          Export Banking Details
        </Button>
      </Box>
      {notice ? <Alert severity={notice === NO_DATA_TO_EXPORT ? 'info' : 'success'}>{notice}</Alert> : null}
      <StepUpDialog
        open={open}
        title="Export banking details"
        confirmLabel="Download"
        busy={busy}
        error={error}
        onConfirm={(password) => void run(password)}
        onClose={() => setOpen(false)}
      >
        <Typography variant="body2">
          {`The file holds account numbers of the ${payment === 'bank' ? 'bank' : 'eWallet'} payees of this period. The download is recorded.`}
        </Typography>
      </StepUpDialog>
    </StepCard>
  );
}

/** Close: final. The page reloads 2 seconds after success (spec 3 §4.5). */
function CloseStep({ period, reload }: { period: CommissionPeriod; reload: () => void }) {
  const [open, setOpen] = useState(false);
  const close = useClosePeriod();
  const job = useJobProgress(close.data?.jobId);
  useEffect(() => {
    if (job?.state !== 'completed') return;
    const timer = setTimeout(reload, RELOAD_AFTER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [job?.state, reload]);
  useEffect(() => {
    if (close.isSuccess) setOpen(false);
  }, [close.isSuccess]);
  const closed = period.status === 'closed';
  return (
    <StepCard icon={<LockRoundedIcon color="error" />} title="Close period">
      <Typography variant="body2" color="text.secondary">
        Closing is final: the period's orders are recorded as paid on the paid date and its lines can no longer change.
        A later correction is a reversal line in the next period.
      </Typography>
      {closed ? (
        <Alert severity="info">This commissions period is closed.</Alert>
      ) : (
        <Box>
          <Button variant="contained" color="error" onClick={() => setOpen(true)} disabled={close.isPending}>
            Close Period
          </Button>
        </Box>
      )}
      {job?.state === 'completed' ? (
        <Alert severity="success">{PERIOD_CLOSED_SUCCESS}</Alert>
      ) : job?.state === 'failed' ? (
        <Alert severity="error">{`${CLOSE_FAILED} ${job.message ?? ''}`.trim()}</Alert>
      ) : (
        <JobStatus job={job} doneText="" />
      )}
      <StepUpDialog
        open={open}
        title="Close the commissions period"
        confirmLabel="Close Period"
        danger
        busy={close.isPending}
        error={close.isError ? errorMessage(close.error) : null}
        onConfirm={(password) => close.mutate({ period: period.id, password })}
        onClose={() => {
          close.reset();
          setOpen(false);
        }}
      >
        <Alert severity="warning">
          {`Close the period ${period.startDate} to ${period.endDate}? This cannot be undone.`}
        </Alert>
      </StepUpDialog>
    </StepCard>
  );
}

/** Stamping, the closure summary, the banking export and, at the bottom, the close. */
export function CycleSteps({ period, reload }: { period: CommissionPeriod; reload: () => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <StampingStep period={period} />
        <BankingExportStep period={period} />
      </Box>
      <ClosureSummaryStep period={period} />
      <CloseStep period={period} reload={reload} />
    </Box>
  );
}
