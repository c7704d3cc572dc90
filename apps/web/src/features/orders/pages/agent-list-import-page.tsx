import { zodResolver } from '@hookform/resolvers/zod';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AGENT_LIST_VIEW_LABELS,
  AGENT_LIST_VIEWS,
  type AgentListReportRow,
  type AgentListView,
  MATCHED_BY_LABELS,
} from '@portal/domain/orders/agent-list-import';
import { displayPhone } from '@portal/domain/people/phone';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CsvFileField, ImportStartErrors } from '../../../components/csv-file-field';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { CsvFileInput, isJobRunning, useImportUpload } from '../../../lib/file-import';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  AGENT_LIST_PAGE_SIZE,
  agentListExportHref,
  agentListKeys,
  useAgentListImportStatus,
  useAgentListReport,
  useAgentListSuppliers,
  useStartAgentListImport,
} from '../api/agent-list-import';
import { ImportJobProgress } from '../components/import-progress';
import { ImportReport } from '../components/import-report';

// Agent CSV import '/import-sadv-agents-csv' (spec 3 §2.1, §3.6; decision 025): a supplier's audit
// list of agent accounts. Choose the supplier, upload, follow the job; then the rejected rows and
// the supplier's stored list: matched to our dealers, unmatched, and our linked dealers missing
// from it, each exportable as CSV.

const ImportForm = z.object({
  supplierId: z.string().min(1, 'Please choose a supplier.'),
  file: CsvFileInput,
});
type ImportForm = z.input<typeof ImportForm>;

const EMPTY: Record<AgentListView, string> = {
  matched: 'No rows of the list match our dealers.',
  unmatched: 'Every row of the list matches one of our dealers.',
  missing: 'Every dealer linked to this supplier is on its list.',
};

const dash = (value: string | null) => value ?? '—';
const dealerLabel = (row: AgentListReportRow) =>
  row.dealerId === null ? '—' : `Z-${row.dealerId} ${row.dealerName ?? ''}`.trim();

function ListTable({ view, rows }: { view: AgentListView; rows: AgentListReportRow[] }) {
  if (view === 'missing') {
    return (
      <Table size="small" aria-label={AGENT_LIST_VIEW_LABELS[view]}>
        <TableHead>
          <TableRow>
            <TableCell>Dealer</TableCell>
            <TableCell>Mobile</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>ID Number</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.dealerId}>
              <TableCell>{dealerLabel(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.mobile ? displayPhone(row.mobile) : '—'}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{dash(row.email)}</TableCell>
              <TableCell>{dash(row.idNumber)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <Table size="small" aria-label={AGENT_LIST_VIEW_LABELS[view]}>
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell>Name</TableCell>
          <TableCell>Mobile</TableCell>
          <TableCell>Email</TableCell>
          <TableCell>ID Number</TableCell>
          <TableCell>Last Login</TableCell>
          <TableCell>Audit Date</TableCell>
          {view === 'matched' ? <TableCell>Dealer</TableCell> : null}
          {view === 'matched' ? <TableCell>Matched By</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.line}>
            <TableCell>{row.line}</TableCell>
            <TableCell>{`${row.firstName ?? ''} ${row.surname ?? ''}`.trim()}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.mobile ? displayPhone(row.mobile) : '—'}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{dash(row.email)}</TableCell>
            <TableCell>{dash(row.idNumber)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dash(row.lastSuccessfulLogin)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dash(row.userAuditDate)}</TableCell>
            {view === 'matched' ? <TableCell>{dealerLabel(row)}</TableCell> : null}
            {view === 'matched' ? (
              <TableCell>{row.matchedBy ? MATCHED_BY_LABELS[row.matchedBy] : '—'}</TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The supplier's stored list: totals as tabs, one server-paged list, its CSV export. */
function SupplierList({ supplierId, supplierName }: { supplierId: number; supplierName: string }) {
  const [view, setView] = useState<AgentListView>('matched');
  const [page, setPage] = useState(1);
  const report = useAgentListReport(supplierId, view, page);
  const data = report.data;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h6" component="h2">
        {`Agent list of ${supplierName}`}
      </Typography>
      {report.isError ? <LoadErrorAlert error={report.error} onRetry={() => report.refetch()} /> : null}
      {report.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {data && data.importId === null ? (
        <Alert severity="info">No agent list has been imported for this supplier yet.</Alert>
      ) : null}
      {data && data.importId !== null ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {`From ${data.fileName}, imported ${new Date(data.importedAt ?? '').toLocaleString('en-ZA')}.`}
          </Typography>
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Tabs
              value={view}
              onChange={(_event, next: AgentListView) => {
                setView(next);
                setPage(1);
              }}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label="Agent list"
            >
              {AGENT_LIST_VIEWS.map((name) => (
                <Tab key={name} value={name} label={`${AGENT_LIST_VIEW_LABELS[name]} (${data.totals[name]})`} />
              ))}
            </Tabs>
            <Button
              variant="outlined"
              size="small"
              startIcon={<DownloadRoundedIcon />}
              href={agentListExportHref(supplierId, view)}
              download
              disabled={data.totals[view] === 0}
            >
              Export CSV
            </Button>
          </Box>
          {data.rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {EMPTY[data.view]}
            </Typography>
          ) : (
            <>
              <TableContainer component={Paper} variant="outlined">
                <ListTable view={data.view} rows={data.rows} />
              </TableContainer>
              <TablePagination
                component="div"
                count={data.total}
                page={page - 1}
                rowsPerPage={AGENT_LIST_PAGE_SIZE}
                rowsPerPageOptions={[AGENT_LIST_PAGE_SIZE]}
                onPageChange={(_event, next) => setPage(next + 1)}
              />
            </>
          )}
        </>
      ) : null}
    </Box>
  );
}

export function AgentListImportPage() {
  useDocumentTitle('Agent CSV Import');
  const queryClient = useQueryClient();
  const suppliers = useAgentListSuppliers();
  const start = useStartAgentListImport();
  const upload = useImportUpload('sadv_agents');
  const [importId, setImportId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const status = useAgentListImportStatus(importId, page);

  const form = useForm<ImportForm>({
    resolver: zodResolver(ImportForm),
    defaultValues: { supplierId: '', file: null },
  });
  const supplierId = form.watch('supplierId');
  const supplier = suppliers.data?.find((option) => String(option.id) === supplierId);
  const current = status.data;
  const jobRunning = isJobRunning(current);
  const running =
    upload.percent !== undefined || start.isPending || (importId !== undefined && (!current || jobRunning));
  const finished = current?.status === 'completed';

  // A finished import replaced the supplier's list: read it again.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: agentListKeys.all });
  }, [finished, queryClient]);

  const submit = form.handleSubmit(async (values) => {
    setImportId(undefined);
    setPage(1);
    start.reset();
    const fileId = await upload.upload(values.file as File);
    if (fileId === undefined) return;
    start.mutate(
      { supplierId: Number(values.supplierId), fileId },
      { onSuccess: (started) => setImportId(started.id) },
    );
  });

  return (
    <Box sx={{ maxWidth: 1100, display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title="Agent CSV Import"
        subtitle="A supplier's audit list of its agent accounts, matched to our dealers by ID number, mobile or e-mail."
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5, maxWidth: 640 }}>
          <Controller
            name="supplierId"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                label="Supplier"
                required
                disabled={running || suppliers.isPending}
                error={Boolean(fieldState.error) || suppliers.isError}
                helperText={
                  fieldState.error?.message ?? (suppliers.isError ? 'Failed to load the suppliers.' : undefined)
                }
                onChange={(event) => {
                  field.onChange(event.target.value);
                  setImportId(undefined);
                }}
              >
                {(suppliers.data ?? []).map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <CsvFileField
            control={form.control}
            name="file"
            label="CSV file"
            hint="Columns: First_Name, Surname, Mobile_Number, Email, ID_Number, Last_Successful_Login, User_Audit_Date."
            disabled={running}
          />
          <Box>
            <Button type="submit" variant="contained" loading={running}>
              Import
            </Button>
          </Box>
        </Box>
        <ImportJobProgress uploadPercent={upload.percent} job={current} />
        <ImportStartErrors uploadError={upload.error} startError={start.error} />
        {status.isError ? <LoadErrorAlert error={status.error} onRetry={() => status.refetch()} /> : null}
        {current && !jobRunning ? (
          <ImportReport
            job={current}
            summary={`${current.fileName}: ${current.counts.rows} rows — ${current.counts.loaded} stored, ${current.counts.matched} matched to dealers, ${current.counts.rejected} rejected.`}
            page={page}
            onPage={setPage}
          />
        ) : null}
      </Paper>
      {supplier ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <SupplierList key={supplier.id} supplierId={supplier.id} supplierName={supplier.name} />
        </Paper>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Choose a supplier to see its agent list.
        </Typography>
      )}
    </Box>
  );
}
