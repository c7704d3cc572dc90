import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CommissionRun, PreviewTotals } from '@portal/domain/commissions/calculation';
import { formatDate, formatRand } from '@portal/domain/platform/format';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { errorMessage } from '../../../lib/api';
import {
  type LineFilter,
  PREVIEW_PAGE_SIZE,
  useCommissionRuns,
  useJob,
  usePostImportComplete,
  usePreviewExceptions,
  usePreviewLines,
  usePreviewTotals,
  useRefreshPreview,
  useRunPostImport,
  useStartCalculation,
  useStructureLevelsComplete,
  useUpdateStructureLevels,
} from '../api/calculation';

// Post-Processing tab of '/commissions' (spec 3 §4.5; DECISIONS "Commissions" 6; decision 031):
// the cycle's calculation steps in their order, then the preview of what stamping would attach:
// every line, the exceptions and the totals per payee.

const PayeeTotalsChart = lazy(() => import('./payee-totals-chart'));

/** Columns a phone leaves out, so order, payee, role and amount fit without scrolling sideways. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** Narrower cell padding on a phone: the tables sit inside the tab's and the card's padding. */
const TIGHT_CELLS = { '& td, & th': { px: { xs: 0.75, sm: 2 } } } as const;

function lastRunText(run: CommissionRun | undefined): string {
  if (!run) return 'Not run yet';
  if (run.status === 'failed') return `Failed: ${run.error ?? 'unknown error'}`;
  if (run.status !== 'completed') return 'Running…';
  const when = run.finishedAt ? new Date(run.finishedAt).toLocaleString('en-ZA') : '';
  if (run.step === 'agent_commissions' || run.step === 'leader_commissions') {
    return `Last run ${when}: ${run.linesCount} lines from ${run.ordersCount} orders, ${run.exceptionsCount} exceptions`;
  }
  return `Last run ${when}`;
}

interface StepRowProps {
  title: string;
  help: string;
  button: string;
  run: CommissionRun | undefined;
  busy: boolean;
  disabled?: boolean;
  onRun: () => void;
  progress?: { percent: number; text: string } | undefined;
  error?: string | undefined;
}

function StepRow({ title, help, button, run, busy, disabled, onRun, progress, error }: StepRowProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2">{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
        <Typography variant="caption" color={run?.status === 'failed' ? 'error' : 'text.secondary'}>
          {lastRunText(run)}
        </Typography>
      </Box>
      <Box>
        <Button variant="contained" onClick={onRun} loading={busy} disabled={disabled}>
          {button}
        </Button>
      </Box>
      {progress ? (
        <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 0.5 }} role="status" aria-live="polite">
          <LinearProgress variant="determinate" value={progress.percent} aria-label={`${title} ${progress.percent}%`} />
          <Typography variant="caption">{progress.text}</Typography>
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}

function CalculationStep({
  step,
  periodId,
  run,
}: {
  step: 'agent' | 'leader';
  periodId: number | undefined;
  run: CommissionRun | undefined;
}) {
  const start = useStartCalculation();
  const [jobId, setJobId] = useState<string | undefined>();
  const job = useJob(jobId);
  const refresh = useRefreshPreview();
  const state = job.data?.state;
  const running = start.isPending || (jobId !== undefined && state !== 'completed' && state !== 'failed');
  useEffect(() => {
    if (state === 'completed' || state === 'failed') void refresh();
  }, [state, refresh]);
  const label = step === 'agent' ? 'Agent commissions' : 'Leader commissions';
  return (
    <StepRow
      title={label}
      help={
        step === 'agent'
          ? "Each eligible order pays its dealer the rate of the dealer's tier in their deal."
          : 'Each order pays the first seven leaders above the dealer their level’s rate; other ancestors are skipped.'
      }
      button={step === 'agent' ? 'Calculate Agent Commissions' : 'Calculate Leader Commissions'}
      run={run}
      busy={running}
      disabled={periodId === undefined}
      onRun={() => {
        if (periodId === undefined) return;
        setJobId(undefined);
        start.mutate({ step, periodId }, { onSuccess: (started) => setJobId(started.jobId) });
      }}
      progress={
        running && job.data
          ? { percent: job.data.percent, text: job.data.message ?? 'Working…' }
          : state === 'completed'
            ? { percent: 100, text: job.data?.message ?? `${label} complete` }
            : undefined
      }
      error={
        start.isError
          ? `${label} failed: ${errorMessage(start.error)}`
          : state === 'failed'
            ? `${label} failed: ${job.data?.message ?? ''}`
            : undefined
      }
    />
  );
}

function PostImportStep({ run }: { run: CommissionRun | undefined }) {
  const start = useRunPostImport();
  const [polling, setPolling] = useState(false);
  const status = usePostImportComplete(polling);
  const refresh = useRefreshPreview();
  const complete = status.data?.complete === true;
  useEffect(() => {
    if (polling && complete) {
      setPolling(false);
      void refresh();
    }
  }, [polling, complete, refresh]);
  return (
    <StepRow
      title="Post-import processing"
      help="Attributes orders still without a dealer by Z-code or ID number and matches order products to the catalogue."
      button="Run Post-Import"
      run={run}
      busy={start.isPending || polling}
      onRun={() => start.mutate(undefined, { onSuccess: () => setPolling(true) })}
      progress={
        polling ? { percent: 50, text: status.data?.message ?? 'Post-import processing is running' } : undefined
      }
      error={start.isError ? `Post import failed: ${errorMessage(start.error)}` : undefined}
    />
  );
}

function StructureStep({ periodId, run }: { periodId: number | undefined; run: CommissionRun | undefined }) {
  const start = useUpdateStructureLevels();
  const [polling, setPolling] = useState(false);
  const status = useStructureLevelsComplete(polling);
  const refresh = useRefreshPreview();
  const complete = status.data?.complete === true;
  useEffect(() => {
    if (polling && complete) {
      setPolling(false);
      void refresh();
    }
  }, [polling, complete, refresh]);
  return (
    <StepRow
      title="Structure levels"
      help="Recomputes every dealer's level in the tree."
      button="Update Structure Levels"
      run={run}
      busy={start.isPending || polling}
      disabled={periodId === undefined}
      onRun={() => periodId !== undefined && start.mutate(periodId, { onSuccess: () => setPolling(true) })}
      progress={polling ? { percent: 50, text: 'Updating structure levels…' } : undefined}
      error={start.isError ? 'Failed to update structure levels' : undefined}
    />
  );
}

function LinesTable() {
  const [filter, setFilter] = useState<LineFilter>({ page: 1 });
  const lines = usePreviewLines(filter);
  const data = lines.data;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Role"
          value={filter.role ?? ''}
          onChange={(event) =>
            setFilter({ ...filter, page: 1, role: (event.target.value || undefined) as LineFilter['role'] })
          }
          fullWidth={false}
          sx={{ width: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="agent">Agent</MenuItem>
          <MenuItem value="leader">Leader</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Held"
          value={filter.held ?? ''}
          onChange={(event) =>
            setFilter({ ...filter, page: 1, held: (event.target.value || undefined) as LineFilter['held'] })
          }
          fullWidth={false}
          sx={{ width: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="true">Held</MenuItem>
          <MenuItem value="false">To pay</MenuItem>
        </TextField>
        {data ? (
          <Typography variant="body2">
            {`${data.totals.lines} lines · ${formatRand(data.totals.amountCents)} · held ${data.totals.heldLines} (${formatRand(data.totals.heldCents)})`}
          </Typography>
        ) : null}
      </Box>
      {lines.isError ? <LoadErrorAlert error={lines.error} onRetry={() => lines.refetch()} /> : null}
      <TableContainer sx={{ maxWidth: '100%' }}>
        <Table size="small" aria-label="Commission lines" sx={TIGHT_CELLS}>
          <TableHead>
            <TableRow>
              <TableCell>Order</TableCell>
              <TableCell>Payee</TableCell>
              <TableCell>Role</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell sx={WIDE_ONLY}>Source</TableCell>
              <TableCell sx={WIDE_ONLY}>Rate column / rule</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.isPending ? (
              <TableRow>
                <TableCell colSpan={6}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ) : null}
            {data && data.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>No lines yet: run the agent and leader calculations.</TableCell>
              </TableRow>
            ) : null}
            {data?.items.map((line) => (
              <TableRow key={line.id}>
                <TableCell>
                  {line.orderNumber}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {line.supplierName}
                  </Typography>
                </TableCell>
                <TableCell>
                  {line.payeeCode}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {line.payeeName}
                  </Typography>
                </TableCell>
                <TableCell>{line.role === 'agent' ? 'Agent' : `Leader L${line.leaderLevel}`}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRand(line.amountCents)}
                  {line.isHeld ? <Chip size="small" color="warning" label="Held" sx={{ ml: 1 }} /> : null}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>
                  {line.source === 'import' ? 'Imported' : line.source === 'calculated' ? 'Calculated' : 'Reversal'}
                </TableCell>
                <TableCell sx={{ ...WIDE_ONLY, fontSize: 12, color: 'text.secondary', wordBreak: 'break-word' }}>
                  {line.rateColumn ? `${line.rateColumn} (deal ${line.dealId})` : line.rule}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={filter.page - 1}
        rowsPerPage={PREVIEW_PAGE_SIZE}
        rowsPerPageOptions={[PREVIEW_PAGE_SIZE]}
        onPageChange={(_event, page) => setFilter({ ...filter, page: page + 1 })}
      />
    </Box>
  );
}

const EXCEPTION_SOURCES: Record<string, string> = {
  agent_commissions: 'Agent calculation',
  leader_commissions: 'Leader calculation',
  import: 'Import',
};

function ExceptionsTable() {
  const [page, setPage] = useState(1);
  const exceptions = usePreviewExceptions(page);
  const data = exceptions.data;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      {exceptions.isError ? <LoadErrorAlert error={exceptions.error} onRetry={() => exceptions.refetch()} /> : null}
      <TableContainer>
        <Table size="small" aria-label="Exceptions" sx={TIGHT_CELLS}>
          <TableHead>
            <TableRow>
              <TableCell>Order</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data && data.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2}>No exceptions.</TableCell>
              </TableRow>
            ) : null}
            {data?.items.map((item) => (
              <TableRow key={`${item.source}-${item.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {item.orderNumber ?? '—'}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {`${EXCEPTION_SOURCES[item.source]}${item.line ? ` (line ${item.line})` : ''}`}
                  </Typography>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{item.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={page - 1}
        rowsPerPage={PREVIEW_PAGE_SIZE}
        rowsPerPageOptions={[PREVIEW_PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next + 1)}
      />
    </Box>
  );
}

function TotalsPanel({ totals }: { totals: PreviewTotals }) {
  if (!totals.payees.length) return <Typography variant="body2">No lines yet.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">
        {`${totals.payeeCount} payees · ${formatRand(totals.totalCents)} in total. The ${totals.payees.length} largest below; a held amount is in the total but is paid only once the payee passes the compulsory training.`}
      </Typography>
      <Suspense fallback={<Skeleton variant="rectangular" height={320} />}>
        <PayeeTotalsChart payees={totals.payees} />
      </Suspense>
      {/* The figures themselves: what each payee is paid at stamping (held amounts wait). */}
      <TableContainer sx={{ maxWidth: '100%' }}>
        <Table size="small" aria-label="Totals per payee" sx={TIGHT_CELLS}>
          <TableHead>
            <TableRow>
              <TableCell>Payee</TableCell>
              <TableCell align="right">Agent</TableCell>
              <TableCell align="right">Leader</TableCell>
              <TableCell align="right">Held (waits)</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {totals.payees.map((payee) => (
              <TableRow key={payee.payeeId}>
                <TableCell>
                  {payee.payeeCode}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {payee.payeeName}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRand(payee.agentCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRand(payee.leaderCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRand(payee.heldCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {formatRand(payee.totalCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** The Post-Processing tab: post-import, structure levels, agent and leader calculation, then the preview. */
export function PostProcessingTab() {
  const runs = useCommissionRuns();
  const totals = usePreviewTotals();
  const period = runs.data?.activePeriod ?? null;
  const runOf = (step: string) => runs.data?.runs.find((run) => run.step === step);
  const periodId = period && !period.closed ? period.id : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {runs.isError ? <LoadErrorAlert error={runs.error} onRetry={() => runs.refetch()} /> : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          Calculation
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {period
            ? `Period ${formatDate(period.startDate)} to ${formatDate(period.endDate)}${period.closed ? ' (closed)' : ''}. Run the steps in this order; each can be run again and gives the same lines.`
            : runs.isPending
              ? 'Loading the current period…'
              : 'Failed to get current commissions period'}
        </Typography>
        <PostImportStep run={runOf('post_import')} />
        <StructureStep periodId={periodId} run={runOf('structure_levels')} />
        <CalculationStep step="agent" periodId={periodId} run={runOf('agent_commissions')} />
        <CalculationStep step="leader" periodId={periodId} run={runOf('leader_commissions')} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          Preview
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Every line stamping will attach to the period. Held lines (payee still has compulsory training to pass) are
          kept and roll into the next period.
        </Typography>
        <LinesTable />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          Exceptions
        </Typography>
        <ExceptionsTable />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          Totals per payee
        </Typography>
        {totals.isError ? <LoadErrorAlert error={totals.error} onRetry={() => totals.refetch()} /> : null}
        {totals.data ? <TotalsPanel totals={totals.data} /> : <Skeleton variant="rectangular" height={120} />}
      </Paper>
    </Box>
  );
}
