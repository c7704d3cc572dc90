import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** A finished import job as the orders imports (fibre activity, agent lists) report it. */
interface FinishedImport<R extends { line: number; reason: string }> {
  status: string;
  error: string | null;
  counts: { rejected: number };
  rejected: { items: R[]; total: number; pageSize: number };
}

/**
 * The outcome of an import: why it failed, or its `summary` and the rejected rows it kept, a
 * server page at a time (`orderNumber` adds the rejected row's order number beside its line).
 */
export function ImportReport<R extends { line: number; reason: string; orderNumber?: string | null }>({
  job,
  summary,
  withOrderNumber = false,
  page,
  onPage,
}: {
  job: FinishedImport<R>;
  summary: string;
  withOrderNumber?: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  if (job.status === 'failed') {
    return <Alert severity="error">{`Import failed: ${job.error ?? 'unknown error'}`}</Alert>;
  }
  const { counts, rejected } = job;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={counts.rejected ? 'warning' : 'success'}>{summary}</Alert>
      {counts.rejected > 0 ? (
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Rejected rows
          </Typography>
          {counts.rejected > rejected.total ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The first {rejected.total} of {counts.rejected} rejected rows are listed.
            </Typography>
          ) : null}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Rejected rows">
              <TableHead>
                <TableRow>
                  {/* Beside the reason alone, the line number keeps to a narrow column. */}
                  <TableCell sx={withOrderNumber ? undefined : { width: 80 }}>Line</TableCell>
                  {withOrderNumber ? <TableCell>Order Number</TableCell> : null}
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rejected.items.map((row) => (
                  <TableRow key={row.line}>
                    <TableCell>{row.line}</TableCell>
                    {withOrderNumber ? (
                      <TableCell sx={{ wordBreak: 'break-all' }}>{row.orderNumber ?? '—'}</TableCell>
                    ) : null}
                    <TableCell>{row.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={rejected.total}
            page={page - 1}
            rowsPerPage={rejected.pageSize}
            rowsPerPageOptions={[rejected.pageSize]}
            onPageChange={(_event, next) => onPage(next + 1)}
          />
        </Box>
      ) : null}
    </Box>
  );
}
