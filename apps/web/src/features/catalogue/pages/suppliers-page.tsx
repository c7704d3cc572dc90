import AddRoundedIcon from '@mui/icons-material/AddRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { SupplierListRow } from '@portal/domain/catalogue/suppliers';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { formatDate } from '../../../lib/format';
import { adminSupplierPath, paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSuppliers } from '../api/catalogue';

function NoSuppliers({ searching }: { searching: boolean }) {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Box>
        <StorefrontRoundedIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography>{searching ? 'No supplier matches your search' : 'No suppliers yet'}</Typography>
      </Box>
    </Box>
  );
}

/** '/settings/suppliers' (spec 3 §2.1): the suppliers, by name, each leading to its page. */
export function SuppliersPage() {
  useDocumentTitle('Suppliers');
  const isMobile = useIsMobile();
  const [pagination, setPagination] = usePageModel(50);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the first page
  useEffect(() => {
    setPagination((current) => (current.page === 0 ? current : { ...current, page: 0 }));
  }, [search]);
  const suppliers = useSuppliers(pagination.page + 1, pagination.pageSize, search);

  const columns = useMemo<GridColDef<SupplierListRow>[]>(
    () => [
      {
        field: 'supplierName',
        headerName: 'Supplier',
        flex: 1.2,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%' }}>
            <Avatar
              src={row.logoUrl ?? undefined}
              alt=""
              variant="rounded"
              sx={{ width: 64, height: 32, bgcolor: 'grey.100' }}
              slotProps={{ img: { sx: { objectFit: 'contain' } } }}
            >
              <StorefrontRoundedIcon fontSize="small" color="action" />
            </Avatar>
            <Box sx={{ minWidth: 0, lineHeight: 1.4 }}>
              <Link component={RouterLink} to={adminSupplierPath(row.id)} sx={{ fontWeight: 600, display: 'block' }}>
                {row.supplierName}
              </Link>
              {isMobile ? (
                <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                  {row.statusName}
                </Typography>
              ) : null}
            </Box>
          </Box>
        ),
      },
      { field: 'statusName', headerName: 'Status', width: 150, sortable: false },
      {
        field: 'productTypes',
        headerName: 'Product types',
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueFormatter: (value: string[]) => value.join(', ') || '—',
      },
      { field: 'productCount', headerName: 'Products', width: 100, sortable: false, type: 'number' },
      {
        field: 'lastUpdated',
        headerName: 'Last updated',
        width: 140,
        sortable: false,
        valueFormatter: (value: string) => formatDate(value),
      },
    ],
    [isMobile],
  );

  return (
    <Box>
      <PageHeader
        title="Suppliers"
        subtitle="The networks and fibre providers the dealers sell for."
        actions={
          <Button component={RouterLink} to={paths.addSupplier} variant="contained" startIcon={<AddRoundedIcon />}>
            Add Supplier
          </Button>
        }
      />
      <TextField
        value={searchInput}
        onChange={(event) => setSearchInput(event.target.value)}
        label="Search by name"
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {suppliers.isError ? (
        <LoadErrorAlert error={suppliers.error} onRetry={() => void suppliers.refetch()} sx={{ mb: 2 }} />
      ) : null}
      <ServerGrid<SupplierListRow>
        rows={suppliers.data?.items ?? []}
        total={suppliers.data?.total ?? 0}
        columns={columns}
        loading={suppliers.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        columnVisibilityModel={
          isMobile ? { statusName: false, productTypes: false, lastUpdated: false, productCount: false } : {}
        }
        rowHeight={isMobile ? 64 : 56}
        slots={{ noRowsOverlay: () => <NoSuppliers searching={search !== ''} /> }}
        aria-label="Suppliers"
      />
    </Box>
  );
}
