import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import type { AccessControlRow } from '@portal/domain/access-control/access-control';
import { FEATURES, type Feature } from '@portal/domain/accounts/me';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAccessControlPage, useSetFeatureAccess } from '../api/access-control';

/** '/access-control' (spec 3 §2.15): one True/False selector per feature for each dealer. */
export function AccessControlPage() {
  useDocumentTitle('Access Control');
  const { enqueueSnackbar } = useSnackbar();
  const [pagination, setPagination] = usePageModel();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the first page
  useEffect(() => setPagination((current) => ({ ...current, page: 0 })), [search]);

  const dealers = useAccessControlPage({
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    search: search || undefined,
  });
  const { mutate: setFeature, isPending: isUpdating } = useSetFeatureAccess();

  const change = useCallback(
    (row: AccessControlRow, feature: Feature, enabled: boolean) =>
      setFeature(
        { userId: row.id, feature, enabled },
        {
          onSuccess: () =>
            enqueueSnackbar(`${feature} ${enabled ? 'given to' : 'removed from'} ${row.zCode}`, { variant: 'success' }),
          onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
        },
      ),
    [setFeature, enqueueSnackbar],
  );

  const columns = useMemo<GridColDef<AccessControlRow>[]>(
    () => [
      { field: 'zCode', headerName: 'Code', width: 90, sortable: false },
      {
        field: 'name',
        headerName: 'Name',
        minWidth: 180,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {row.name}
            {row.isAdmin ? <Chip size="small" color="primary" label="Admin" /> : null}
          </Box>
        ),
      },
      ...FEATURES.map<GridColDef<AccessControlRow>>((feature) => ({
        field: feature,
        headerName: feature,
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Select
            size="small"
            fullWidth
            value={row.features.includes(feature) ? 'true' : 'false'}
            disabled={!row.isAdmin || isUpdating}
            onChange={(event) => change(row, feature, event.target.value === 'true')}
            inputProps={{ 'aria-label': `${feature} for ${row.zCode}` }}
          >
            <MenuItem value="true">True</MenuItem>
            <MenuItem value="false">False</MenuItem>
          </Select>
        ),
      })),
    ],
    [change, isUpdating],
  );

  return (
    <Box>
      <PageHeader
        title="Access Control"
        subtitle="Feature flags for admins. A flag takes effect on the admin's next action."
        actions={
          <TextField
            size="small"
            placeholder="Search by name, email or Z-ID"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': 'Search dealers' },
            }}
          />
        }
      />
      {dealers.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Error loading dealers: {errorMessage(dealers.error)}
        </Alert>
      ) : null}
      <Alert severity="info" icon={<AdminPanelSettingsRoundedIcon />} sx={{ mb: 2 }}>
        Only admin rows can be changed; other dealers carry no feature flags.
      </Alert>
      <ServerGrid
        total={dealers.data?.total ?? 0}
        rows={dealers.data?.items ?? []}
        columns={columns}
        loading={dealers.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        getRowHeight={() => 56}
      />
    </Box>
  );
}
