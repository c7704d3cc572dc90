import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  COMMISSION_STATUS_LABELS,
  displayCustomerPhone,
  formatLongDate,
  ORDER_REPORT_PAGE_SIZE,
  ORDER_TILE_LABELS,
  ORDER_TILES,
  type OrderProgress,
  type OrderReportRow,
  type OrderReportType,
  type OrderTiles,
  type OrderTrendPoint,
} from '@portal/domain/orders/order-report';
import { lazy, Suspense, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ServerGrid } from '../../../components/server-grid';
import { agentReportHref, useOrderReport } from '../api/order-report';

export interface ReportFilter {
  supplierId: number;
  /** The picked downstream dealer; undefined: the viewer. */
  userId?: number;
  report: OrderReportType;
  from: string;
  to: string;
  search?: string;
}

const PROGRESS_COLOURS: Record<OrderProgress, 'default' | 'info' | 'primary' | 'success' | 'warning'> = {
  Placed: 'default',
  Paid: 'info',
  Activated: 'primary',
  'Commission Paid': 'success',
  Reactivated: 'warning',
};

const date = (field: keyof OrderReportRow, headerName: string): GridColDef<OrderReportRow> => ({
  field,
  headerName,
  width: 150,
  sortable: false,
  valueFormatter: (value: string | null) => formatLongDate(value),
});

const COLUMNS: GridColDef<OrderReportRow>[] = [
  { field: 'customerAccountNumber', headerName: 'Account Number', width: 150, sortable: false },
  { field: 'customerName', headerName: 'Customer', width: 170, sortable: false },
  { field: 'customerAddress', headerName: 'Address', width: 200, sortable: false },
  {
    field: 'customerPhone',
    headerName: 'Phone',
    width: 130,
    sortable: false,
    valueFormatter: (value: string | null) => displayCustomerPhone(value),
  },
  { field: 'customerEmail', headerName: 'Email', width: 210, sortable: false },
  { field: 'orderNumber', headerName: 'Order Number', width: 140, sortable: false },
  date('createdDate', 'Created'),
  date('paidDate', 'Paid'),
  date('installedDate', 'Installed'),
  date('activatedDate', 'Activated'),
  date('commissionPaidDate', 'Commission Paid'),
  {
    field: 'progress',
    headerName: 'Progress',
    width: 160,
    sortable: false,
    renderCell: ({ row }) => <Chip size="small" label={row.progress} color={PROGRESS_COLOURS[row.progress]} />,
  },
  { field: 'customerStatus1', headerName: 'Status 1', width: 140, sortable: false },
  { field: 'customerStatus2', headerName: 'Status 2', width: 140, sortable: false },
  {
    field: 'commissionStatus',
    headerName: 'Commission Status',
    width: 170,
    sortable: false,
    valueFormatter: (value: OrderReportRow['commissionStatus']) => (value ? COMMISSION_STATUS_LABELS[value] : ''),
  },
];

const TileTrend = lazy(() => import('./tile-trend'));
const TREND_COLOURS = { created: '#3d6fd1', paid: '#0b3a8c', installed: '#d4a017', activated: '#2e7d32' } as const;

/** The counts read out, since the sparkline itself is only a picture. */
function trendText(trend: OrderTrendPoint[], key: (typeof ORDER_TILES)[number]): string {
  const unit = trend[0]?.period.length === 7 ? 'month' : 'day';
  return `${ORDER_TILE_LABELS[key]} per ${unit}: ${trend.map((point) => `${point.period} ${point[key]}`).join(', ')}`;
}

function Tiles({ tiles, trend }: { tiles: OrderTiles | undefined; trend: OrderTrendPoint[] | undefined }) {
  // One step has nothing to compare with: no line.
  const showTrend = trend !== undefined && trend.length > 1;
  return (
    <Box
      role="group"
      aria-label="Order totals"
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      {ORDER_TILES.map((key) => (
        <Paper key={key} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} aria-label={ORDER_TILE_LABELS[key]}>
          <Typography variant="body2" color="text.secondary">
            {ORDER_TILE_LABELS[key]}
          </Typography>
          {tiles ? (
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
              {tiles[key]}
            </Typography>
          ) : (
            <Skeleton width={48} height={40} />
          )}
          {showTrend ? (
            <Box role="img" aria-label={trendText(trend, key)} sx={{ mt: 0.5 }}>
              <Suspense fallback={<Skeleton variant="rounded" height={40} />}>
                <TileTrend trend={trend} milestone={key} colour={TREND_COLOURS[key]} />
              </Suspense>
            </Box>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}

/** One report: the range's tiles, the 'Agent Report' download and a server-paged grid of 50 a page. */
export function OrderReportView({ filter }: { filter: ReportFilter }) {
  // A new filter starts on the first page (the parent keys this view by its filter).
  const [page, setPage] = useState(0);
  const report = useOrderReport({ ...filter, page: page + 1 });
  const data = report.data;
  const empty = filter.search ? 'No orders match the search' : 'No orders in this period';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Tiles tiles={data?.tiles} trend={data?.trend} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {data ? `${data.total} ${data.total === 1 ? 'order' : 'orders'}` : ' '}
          {filter.search ? ' (searching all dates)' : ''}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadRoundedIcon />}
          href={agentReportHref(filter)}
          download="Agent Report.csv"
          disabled={!data || data.total === 0}
        >
          Agent Report
        </Button>
      </Box>
      {report.isError ? <LoadErrorAlert error={report.error} onRetry={() => report.refetch()} /> : null}
      {report.isPending ? (
        <Skeleton variant="rounded" height={400} />
      ) : data ? (
        <ServerGrid<OrderReportRow>
          aria-label="Orders"
          rows={data.rows}
          columns={COLUMNS}
          total={data.total}
          loading={report.isFetching}
          paginationModel={{ page, pageSize: ORDER_REPORT_PAGE_SIZE }}
          onPaginationModelChange={(model) => setPage(model.page)}
          pageSizeOptions={[ORDER_REPORT_PAGE_SIZE]}
          localeText={{ noRowsLabel: empty }}
          density="compact"
          sx={{ height: 720 }}
        />
      ) : (
        <Alert severity="info">{empty}</Alert>
      )}
    </Box>
  );
}
