import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { currentMonth, monthLabel, shiftMonth } from '@portal/domain/orders/leaderboard';
import { isEmptyStructure } from '@portal/domain/orders/structure-report';
import { lazy, Suspense, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useStructureReport } from '../api/structure-report';
import { StructureTreeItem } from './structure-tree';

// MUI X Charts is a large chunk: it comes with the opened dialog, not with the dashboard.
const StructureTotalsChart = lazy(() => import('./structure-totals-chart'));

type Period = 'this' | 'last';

function rangeOf(period: Period) {
  const month = period === 'this' ? currentMonth() : shiftMonth(currentMonth(), -1);
  const lastDay = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    label: monthLabel(month),
    from: `${month.year}-${pad(month.month)}-01`,
    to: `${month.year}-${pad(month.month)}-${pad(lastDay)}`,
  };
}

function Insights({ rootId }: { rootId: number }) {
  const [period, setPeriod] = useState<Period>('this');
  const range = rangeOf(period);
  const report = useStructureReport({ rootId, from: range.from, to: range.to });
  return (
    <>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          Your structure, {range.label}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          onChange={(_, value: Period | null) => value && setPeriod(value)}
          aria-label="Period"
        >
          <ToggleButton value="this">This Month</ToggleButton>
          <ToggleButton value="last">Last Month</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {report.isPending ? (
        <Skeleton variant="rounded" height={220} />
      ) : report.isError ? (
        <LoadErrorAlert error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <Box sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          {isEmptyStructure(report.data.node.totals) ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              No sales in your structure for {range.label}. Try a different period.
            </Alert>
          ) : null}
          <Suspense fallback={<Skeleton variant="rounded" height={220} aria-label="Loading the chart" />}>
            <StructureTotalsChart totals={report.data.node.totals} />
          </Suspense>
          <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
            Structure report
          </Typography>
          <Box component="ul" role="tree" aria-label="Structure report" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            <StructureTreeItem
              key={`${range.from}-${rootId}`}
              node={report.data.node}
              range={{ rootId, from: range.from, to: range.to }}
              open
            />
          </Box>
        </Box>
      )}
    </>
  );
}

/** The Insights button and its 'User Insights' dialog (spec 2 dashboard): leaders and admins. */
export function InsightsButton() {
  const user = useSignedInUser();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<InsightsRoundedIcon />} onClick={() => setOpen(true)}>
        Insights
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" fullScreen={mobile}>
        <DialogTitle>User Insights</DialogTitle>
        <DialogContent dividers>{open ? <Insights rootId={user.id} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
