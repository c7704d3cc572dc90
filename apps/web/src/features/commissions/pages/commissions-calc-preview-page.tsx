import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ImportDataTab } from '../components/import-data-tab';
import { PostProcessingTab } from '../components/post-processing-tab';

// A stand-in for '/commissions' while the page of the cycle's other half is not merged (decision
// 031): the two calculation tabs only. Not registered in the router; mounted by hand for
// screenshots and the e2e run.

export function CommissionsCalcPreviewPage() {
  const [tab, setTab] = useState<'import' | 'post'>('import');
  return (
    <Box sx={{ maxWidth: 1450, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader title="Commissions Management" />
      <Tabs value={tab} onChange={(_event, value: 'import' | 'post') => setTab(value)} variant="scrollable">
        <Tab value="import" label="Import Data" />
        <Tab value="post" label="Post-Processing" />
      </Tabs>
      {tab === 'import' ? <ImportDataTab /> : <PostProcessingTab />}
    </Box>
  );
}
