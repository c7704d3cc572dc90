import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { DEAL_MESSAGES, type DealRow } from '@portal/domain/catalogue/deals';
import { formatLongDate } from '@portal/domain/platform/format';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDealsPage, useDeleteDeal } from '../api/deals';
import { DealDialog } from '../components/deal-dialog';
import { DealProductsDialog } from '../components/deal-products-dialog';

/** Spec 3 §9: the deals grid is 500 px tall. */
const GRID_HEIGHT = 500;

const productLabel = (row: DealRow) =>
  row.productCount === 0 ? 'No products' : row.productCount === 1 ? '1 product' : `${row.productCount} products`;

/** The product names for the tooltip: the first few, and how many more. */
const productNames = (row: DealRow) =>
  row.productCount > row.productNames.length
    ? `${row.productNames.join(', ')} and ${row.productCount - row.productNames.length} more`
    : row.productNames.join(', ') || 'Add products to this deal';

/** '/deals' (spec 3 §2.11): admins with the Deals flag. */
export function DealsPage() {
  useDocumentTitle('Deals');
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const [pagination, setPagination] = usePageModel(25);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the first page
  useEffect(() => setPagination((current) => ({ ...current, page: 0 })), [search]);
  const deals = useDealsPage({ page: pagination.page + 1, pageSize: pagination.pageSize, search: search || undefined });
  const remove = useDeleteDeal();

  const [dialog, setDialog] = useState<{ deal?: DealRow } | null>(null);
  const [productsOf, setProductsOf] = useState<DealRow | undefined>(undefined);
  const [deleting, setDeleting] = useState<DealRow | null>(null);

  const columns = useMemo<GridColDef<DealRow>[]>(
    () => [
      {
        field: 'actions',
        headerName: 'View/Edit',
        width: 92,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <Tooltip title="Edit deal">
              <IconButton aria-label={`Edit ${row.dealName}`} onClick={() => setDialog({ deal: row })}>
                <EditRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete deal">
              <IconButton aria-label={`Delete ${row.dealName}`} color="error" onClick={() => setDeleting(row)}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
      {
        field: 'products',
        headerName: 'Product',
        width: 124,
        sortable: false,
        renderCell: ({ row }) => (
          <Tooltip title={productNames(row)}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setProductsOf(row)}
              aria-label={`${productLabel(row)}: products of ${row.dealName}`}
              sx={{ textTransform: 'none', maxWidth: '100%', overflow: 'hidden', whiteSpace: 'nowrap' }}
            >
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {productLabel(row)}
              </Box>
            </Button>
          </Tooltip>
        ),
      },
      { field: 'dealName', headerName: 'Deal Name', minWidth: 130, flex: 1, sortable: false },
      { field: 'dealDescription', headerName: 'Description', minWidth: 140, flex: 1.4, sortable: false },
      { field: 'dealTypeName', headerName: 'Deal Type', width: 104, sortable: false },
      { field: 'productTypeName', headerName: 'Product Type', width: 112, sortable: false },
      { field: 'supplierName', headerName: 'Supplier', minWidth: 130, flex: 1, sortable: false },
      {
        field: 'createdAt',
        headerName: 'Created At',
        width: 152,
        sortable: false,
        valueFormatter: (value: string) => formatLongDate(value),
      },
    ],
    [],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(DEAL_MESSAGES.deleted, { variant: 'success' });
        setDeleting(null);
      },
      onError: (error) => {
        enqueueSnackbar(DEAL_MESSAGES.deleteFailed(errorMessage(error)), { variant: 'error' });
        setDeleting(null);
      },
    });
  };

  return (
    <Box>
      <PageHeader
        title="Deals"
        subtitle="Each supplier's deals by product type, with the commission rates of their products"
        actions={
          <Box sx={{ display: 'flex', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
            <TextField
              size="small"
              placeholder="Search deals"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 260 }, minWidth: 0 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchRoundedIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
                htmlInput: { 'aria-label': 'Search deals', type: 'search' },
              }}
            />
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              onClick={() => setDialog({})}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              Create Deal
            </Button>
          </Box>
        }
      />
      {deals.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Error loading deals: {errorMessage(deals.error)}
        </Alert>
      ) : null}
      <ServerGrid
        total={deals.data?.total ?? 0}
        rows={deals.data?.items ?? []}
        columns={columns}
        loading={deals.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        columnVisibilityModel={isMobile ? { dealDescription: false, dealTypeName: false, createdAt: false } : {}}
        localeText={{ noRowsLabel: search ? 'No deals match your search.' : 'No deals yet. Create the first one.' }}
        sx={{ height: GRID_HEIGHT, minHeight: GRID_HEIGHT }}
      />
      <DealDialog open={dialog !== null} deal={dialog?.deal} onClose={() => setDialog(null)} />
      <DealProductsDialog deal={productsOf} onClose={() => setProductsOf(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete deal"
        text={`Delete the deal ${deleting?.dealName ?? ''}? Dealers linked to it keep their history.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
