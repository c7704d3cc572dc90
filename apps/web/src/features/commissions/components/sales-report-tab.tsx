import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatLongDate, formatRand } from '@portal/domain/platform/format';
import { lazy, Suspense } from 'react';
import { useSalesReport } from '../api/commission-cycle';

const SalesChart = lazy(() => import('./sales-chart'));

/** The Sales Report tab: orders activated in the period per supplier and product, with a chart. */
export function SalesReportTab({ periodId }: { periodId: number | undefined }) {
  const report = useSalesReport(periodId);
  if (periodId === undefined) return <Typography>No commissions period is open yet.</Typography>;
  if (report.isError) return <Alert severity="error">Failed to load the sales report</Alert>;
  if (!report.data) return <LinearProgress aria-label="Loading the sales report" />;
  const { rows } = report.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {`${report.data.totalOrders} orders activated from ${formatLongDate(report.data.startDate)} to ${formatLongDate(report.data.endDate)}.`}
      </Typography>
      {rows.length === 0 ? (
        <Typography>No orders were activated in this period.</Typography>
      ) : (
        <>
          <Suspense fallback={<Box sx={{ height: 260 }} />}>
            <SalesChart rows={rows} />
          </Suspense>
          <TableContainer>
            <Table size="small" aria-label="Sales per supplier and product">
              <TableHead>
                <TableRow>
                  <TableCell>Supplier</TableCell>
                  <TableCell>Product</TableCell>
                  <TableCell align="right">Orders</TableCell>
                  <TableCell align="right">Commission</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={`${row.supplierId}-${row.product}`}>
                    <TableCell>{row.supplierName}</TableCell>
                    <TableCell>{row.product}</TableCell>
                    <TableCell align="right">{row.orderCount}</TableCell>
                    <TableCell align="right">{formatRand(row.commissionCents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}
