import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCurrentPeriod } from '../api/commission-cycle';
import { CycleSteps } from '../components/cycle-steps';
import { ExportDataTab } from '../components/export-data-tab';
import { FreezeControl } from '../components/freeze-control';
import { ImportDataTab } from '../components/import-data-tab';
import { PeriodPanel } from '../components/period-panel';
import { PostProcessingTab } from '../components/post-processing-tab';
import { ReversalStep } from '../components/reversal-step';
import { SalesReportTab } from '../components/sales-report-tab';

// Commissions Management (spec 3 §2.9, §4.5): the freeze, the current period, the tabs, then the
// cycle's last steps in their order (stamp, summary, banking export), the close, then the reversal
// of a paid line once a period is closed.

const TABS = ['Export Data', 'Import Data', 'Post-Processing', 'Sales Report'] as const;

export function CommissionsPage() {
  useDocumentTitle('Commissions Management');
  const period = useCurrentPeriod();
  const [tab, setTab] = useState(0);
  const reload = useCallback(() => window.location.reload(), []);
  const current = period.data?.current ?? null;
  // Reversals take back lines of the latest closed period (decision 035).
  const closed = current?.status === 'closed' ? current : (period.data?.previous ?? null);

  return (
    // minmax(0, 1fr): a wide child (the tabs, a table) scrolls inside its card instead of widening
    // the page past a phone's screen.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title="Commissions Management"
        subtitle="Freeze profiles, stamp the period, check the totals, export the payouts and close the period."
      />
      {period.isError ? <Alert severity="error">Failed to get current commissions period</Alert> : null}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <FreezeControl />
        {period.data ? <PeriodPanel data={period.data} /> : <LinearProgress aria-label="Loading the period" />}
      </Box>

      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: number) => setTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Commission tools"
        >
          {TABS.map((label, index) => (
            <Tab
              key={label}
              label={label}
              id={`commissions-tab-${index}`}
              aria-controls={`commissions-panel-${index}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`commissions-panel-${tab}`} aria-labelledby={`commissions-tab-${tab}`} sx={{ p: 2 }}>
          {tab === 0 ? <ExportDataTab periodId={current?.id} /> : null}
          {tab === 1 ? <ImportDataTab /> : null}
          {tab === 2 ? <PostProcessingTab /> : null}
          {tab === 3 ? <SalesReportTab periodId={current?.id} /> : null}
        </Box>
      </Paper>

      {current ? <CycleSteps period={current} reload={reload} /> : null}
      {closed ? <ReversalStep period={closed} /> : null}
    </Box>
  );
}
