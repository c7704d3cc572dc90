import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  SUPPLIER_TAB_LABELS,
  SUPPLIER_TABS,
  type SupplierPage as Supplier,
  type SupplierTab,
  shownTabs,
} from '@portal/domain/suppliers/supplier-page';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSupplierPage } from '../api/suppliers';

/** A tab's content, handed in by the app layer (each tab belongs to its own feature). */
export type SupplierTabContents = Partial<Record<SupplierTab, (supplier: Supplier) => ReactNode>>;

function Refused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && (error.status === 403 || error.status === 404)) {
    return (
      <Alert
        severity={error.status === 404 ? 'warning' : 'error'}
        action={
          <Button component={RouterLink} to={paths.home} color="inherit" size="small">
            Dashboard
          </Button>
        }
      >
        {error.status === 404 ? 'There is no such supplier.' : error.message}
      </Alert>
    );
  }
  return <LoadErrorAlert error={error} onRetry={onRetry} />;
}

function SupplierTabs({ supplier, contents }: { supplier: Supplier; contents: SupplierTabContents }) {
  const available = SUPPLIER_TABS.filter((tab) => contents[tab] !== undefined);
  const { tabs, initial } = shownTabs(supplier, available);
  const [chosen, setChosen] = useState<SupplierTab | null>(null);
  const current = chosen && tabs.includes(chosen) ? chosen : initial;
  if (!current) {
    return <Alert severity="info">Nothing to show for {supplier.name} yet. Please check back later.</Alert>;
  }
  return (
    <>
      <Tabs
        value={current}
        onChange={(_, value: SupplierTab) => setChosen(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={`${supplier.name} dashboard`}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={SUPPLIER_TAB_LABELS[tab]}
            id={`supplier-tab-${tab}`}
            aria-controls={`supplier-panel-${tab}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`supplier-panel-${current}`} aria-labelledby={`supplier-tab-${current}`}>
        {contents[current]?.(supplier)}
      </Box>
    </>
  );
}

/** '/Supplier/{supplierId}': the supplier's name and its tabs (spec 2 "Supplier page"). */
export function SupplierPage({ tabs }: { tabs: SupplierTabContents }) {
  const { supplierId } = useParams();
  const id = Number(supplierId);
  const supplier = useSupplierPage(id);
  useDocumentTitle(supplier.data?.name ?? 'Supplier');
  if (!Number.isInteger(id) || id <= 0) return <Alert severity="warning">There is no such supplier.</Alert>;
  if (supplier.isPending) {
    return (
      <Typography role="status" color="text.secondary" sx={{ py: 4 }}>
        Loading...
      </Typography>
    );
  }
  if (supplier.isError) return <Refused error={supplier.error} onRetry={() => supplier.refetch()} />;
  const data = supplier.data;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        {data.logoUrl ? (
          <Paper variant="outlined" sx={{ p: 0.5, display: 'flex' }}>
            <Avatar
              variant="rounded"
              src={data.logoUrl}
              alt=""
              sx={{ width: 48, height: 48, '& img': { objectFit: 'contain' } }}
            />
          </Paper>
        ) : null}
        <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {data.name}
        </Typography>
      </Box>
      <SupplierTabs key={data.id} supplier={data} contents={tabs} />
    </>
  );
}
