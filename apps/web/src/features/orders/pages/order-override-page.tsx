import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import {
  ORDER_OVERRIDE_PAGE_SIZE,
  ORDER_OVERRIDE_WINDOW_DAYS,
  type OverrideDealer,
  type ReallocatedOrder,
  type UnmatchedOrder,
} from '@portal/domain/orders/order-override';
import { formatLongDate } from '@portal/domain/platform/format';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useOverrideSuppliers, useReallocatedOrders, useUnmatchedOrders } from '../api/order-override';
import { type OrderToReassign, ReassignOrderDialog } from '../components/reassign-order-dialog';

/** Spec 3 §9: grids are 600 px tall. */
const GRID_HEIGHT = 600;
const TABS = ['Unmatched Orders', 'Reallocated Orders'] as const;

const dealerText = (dealer: OverrideDealer | null, none = '—') => (dealer ? `${dealer.code}: ${dealer.name}` : none);
const dateColumn = { width: 140, sortable: false, valueFormatter: (value: string) => formatLongDate(value) };

/** '/order-override' (spec 3 §2.13): admins with the Reallocations flag. */
export function OrderOverridePage() {
  useDocumentTitle('Order Override');
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const supplierId = Number(params.get('supplier')) || null;
  const tab = params.get('tab') === 'reallocated' ? 1 : 0;
  const suppliers = useOverrideSuppliers();
  const supplier = suppliers.data?.find((item) => item.id === supplierId);
  const [unmatchedPage, setUnmatchedPage] = usePageModel(ORDER_OVERRIDE_PAGE_SIZE);
  const [reallocatedPage, setReallocatedPage] = usePageModel(ORDER_OVERRIDE_PAGE_SIZE);
  const unmatched = useUnmatchedOrders({
    supplierId,
    page: unmatchedPage.page + 1,
    pageSize: unmatchedPage.pageSize,
  });
  const reallocated = useReallocatedOrders({
    supplierId,
    page: reallocatedPage.page + 1,
    pageSize: reallocatedPage.pageSize,
  });
  const [dialog, setDialog] = useState<{ order?: OrderToReassign } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another supplier starts at the first page
  useEffect(() => {
    setUnmatchedPage((current) => ({ ...current, page: 0 }));
    setReallocatedPage((current) => ({ ...current, page: 0 }));
  }, [supplierId]);

  const choose = (next: { supplier?: number | null; tab?: number }) => {
    const search = new URLSearchParams(params);
    if (next.supplier !== undefined) {
      if (next.supplier) search.set('supplier', String(next.supplier));
      else search.delete('supplier');
    }
    if (next.tab !== undefined) {
      if (next.tab === 1) search.set('tab', 'reallocated');
      else search.delete('tab');
    }
    setParams(search, { replace: true });
  };

  const unmatchedColumns = useMemo<GridColDef<UnmatchedOrder>[]>(
    () => [
      { field: 'orderNumber', headerName: 'Order Number', minWidth: 120, flex: 1, sortable: false },
      { field: 'createdDate', headerName: 'Created', ...dateColumn },
      {
        field: 'customerName',
        headerName: 'Customer',
        minWidth: 120,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      { field: 'agentIdentification', headerName: 'Agent Identification', minWidth: 160, flex: 1, sortable: false },
      {
        field: 'product',
        headerName: 'Product',
        minWidth: 130,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'actions',
        headerName: 'Reassign',
        width: 148,
        sortable: false,
        renderCell: ({ row }) =>
          row.isCommissionPaid ? (
            <Chip size="small" label="Commission paid" color="warning" variant="outlined" />
          ) : (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Reassign ${row.orderNumber}`}
              onClick={() =>
                setDialog({
                  order: {
                    id: row.id,
                    orderNumber: row.orderNumber,
                    customerName: row.customerName,
                    createdDate: row.createdDate,
                    currentDealer: null,
                    isCommissionPaid: row.isCommissionPaid,
                  },
                })
              }
            >
              Reassign
            </Button>
          ),
      },
    ],
    [],
  );

  const reallocatedColumns = useMemo<GridColDef<ReallocatedOrder>[]>(
    () => [
      { field: 'orderNumber', headerName: 'Order Number', minWidth: 120, flex: 1, sortable: false },
      { field: 'createdDate', headerName: 'Created', ...dateColumn },
      {
        field: 'customerName',
        headerName: 'Customer',
        minWidth: 120,
        flex: 1,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'previousDealer',
        headerName: 'Previously',
        minWidth: 140,
        flex: 1,
        sortable: false,
        valueFormatter: (value: OverrideDealer | null) => dealerText(value, 'Unmatched'),
      },
      {
        field: 'newDealer',
        headerName: 'Assigned To',
        minWidth: 150,
        flex: 1.2,
        sortable: false,
        valueFormatter: (value: OverrideDealer) => dealerText(value),
      },
      {
        field: 'assignedBy',
        headerName: 'Assigned By',
        minWidth: 140,
        flex: 1,
        sortable: false,
        valueFormatter: (value: OverrideDealer | null) => dealerText(value),
      },
      { field: 'assignedAt', headerName: 'Assigned On', ...dateColumn },
    ],
    [],
  );

  const current = tab === 0 ? unmatched : reallocated;
  return (
    <Box>
      <PageHeader
        title="Order Override"
        subtitle={`Reassign a supplier's orders to an active dealer. Lists show the last ${ORDER_OVERRIDE_WINDOW_DAYS} days.`}
        actions={
          <Button
            variant="contained"
            startIcon={<ManageSearchRoundedIcon />}
            disabled={!supplier}
            onClick={() => setDialog({})}
          >
            Find Order
          </Button>
        }
      />
      <TextField
        select
        label="Supplier"
        value={supplierId ?? ''}
        onChange={(event) => choose({ supplier: Number(event.target.value) || null })}
        disabled={suppliers.isPending}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{suppliers.isPending ? 'Loading suppliers…' : 'Select a supplier'}</option>
        {(suppliers.data ?? []).map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </TextField>
      {suppliers.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Error loading suppliers: {errorMessage(suppliers.error)}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_event, value: number) => choose({ tab: value })}
        variant={isMobile ? 'fullWidth' : 'standard'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`override-tab-${index}`} aria-controls={`override-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`override-panel-${tab}`} aria-labelledby={`override-tab-${tab}`}>
        {!supplierId ? (
          <Alert severity="info">Select a supplier to see its orders.</Alert>
        ) : (
          <>
            {current.isError ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                Error loading orders: {errorMessage(current.error)}
              </Alert>
            ) : null}
            {tab === 0 ? (
              <ServerGrid
                aria-label="Unmatched Orders"
                total={unmatched.data?.total ?? 0}
                rows={unmatched.data?.items ?? []}
                columns={unmatchedColumns}
                loading={unmatched.isFetching}
                paginationModel={unmatchedPage}
                onPaginationModelChange={setUnmatchedPage}
                columnVisibilityModel={
                  isMobile
                    ? { agentIdentification: false, product: false, customerName: false, createdDate: false }
                    : {}
                }
                localeText={{ noRowsLabel: `No unmatched orders in the last ${ORDER_OVERRIDE_WINDOW_DAYS} days.` }}
                sx={{ height: GRID_HEIGHT, minHeight: GRID_HEIGHT }}
              />
            ) : (
              <ServerGrid
                aria-label="Reallocated Orders"
                total={reallocated.data?.total ?? 0}
                rows={reallocated.data?.items ?? []}
                columns={reallocatedColumns}
                loading={reallocated.isFetching}
                paginationModel={reallocatedPage}
                onPaginationModelChange={setReallocatedPage}
                columnVisibilityModel={
                  isMobile
                    ? {
                        customerName: false,
                        previousDealer: false,
                        assignedBy: false,
                        createdDate: false,
                        assignedAt: false,
                      }
                    : {}
                }
                localeText={{ noRowsLabel: `No orders reallocated in the last ${ORDER_OVERRIDE_WINDOW_DAYS} days.` }}
                sx={{ height: GRID_HEIGHT, minHeight: GRID_HEIGHT }}
              />
            )}
          </>
        )}
      </Box>
      {supplier ? (
        <ReassignOrderDialog
          open={dialog !== null}
          supplierId={supplier.id}
          supplierName={supplier.name}
          order={dialog?.order}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}
