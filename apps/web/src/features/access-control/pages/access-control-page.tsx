import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { AccessControlRow } from '@portal/domain/access-control/access-control';
import { FEATURES, type Feature } from '@portal/domain/accounts/me';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { StepUpDialog } from '../../../components/step-up-dialog';
import { ApiError, errorMessage } from '../../../lib/api';
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
  // Giving a flag asks for the admin's own password first (step-up, decision 071); removing one
  // takes power away and goes at once.
  const [grant, setGrant] = useState<{ row: AccessControlRow; feature: Feature } | null>(null);
  const [grantError, setGrantError] = useState<string | null>(null);

  const change = useCallback(
    (row: AccessControlRow, feature: Feature, enabled: boolean, currentPassword?: string) =>
      setFeature(
        { userId: row.id, feature, enabled, ...(currentPassword ? { currentPassword } : {}) },
        {
          onSuccess: () => {
            setGrant(null);
            enqueueSnackbar(`${feature} ${enabled ? 'given to' : 'removed from'} ${row.zCode}`, { variant: 'success' });
          },
          onError: (error) => {
            // A wrong password (or too many): said in the prompt, which stays open for another try.
            if (enabled && error instanceof ApiError && error.fieldErrors.some((e) => e.field === 'currentPassword')) {
              setGrantError(errorMessage(error));
              return;
            }
            setGrant(null);
            enqueueSnackbar(errorMessage(error), { variant: 'error' });
          },
        },
      ),
    [setFeature, enqueueSnackbar],
  );
  const ask = useCallback(
    (row: AccessControlRow, feature: Feature, enabled: boolean) => {
      if (!enabled) {
        change(row, feature, false);
        return;
      }
      setGrantError(null);
      setGrant({ row, feature });
    },
    [change],
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
            onChange={(event) => ask(row, feature, event.target.value === 'true')}
            inputProps={{ 'aria-label': `${feature} for ${row.zCode}` }}
          >
            <MenuItem value="true">True</MenuItem>
            <MenuItem value="false">False</MenuItem>
          </Select>
        ),
      })),
    ],
    [ask, isUpdating],
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
      <StepUpDialog
        // A new prompt per grant: no password typed for another one lingers in it.
        key={grant ? `${grant.row.id}:${grant.feature}` : 'none'}
        open={grant !== null}
        title={grant ? `Give ${grant.feature} to ${grant.row.zCode}` : ''}
        confirmLabel="Give"
        busy={isUpdating}
        error={grantError}
        onConfirm={(password) => grant && change(grant.row, grant.feature, true, password)}
        onClose={() => setGrant(null)}
      >
        <Typography variant="body2" color="text.secondary">
          {grant ? `${grant.row.name} gets ${grant.feature} on their next action. ` : ''}
          Needed when giving a feature flag: your own password, so that a session alone cannot hand out access.
        </Typography>
      </StepUpDialog>
    </Box>
  );
}
