import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { GridColumnVisibilityModel, GridRowSelectionModel } from '@mui/x-data-grid';
import { BULK_CAP_MESSAGE, BULK_SELECTION_CAP } from '@portal/domain/teams/bulk-status';
import { TEAM_PAGE_SIZES } from '@portal/domain/teams/team-list';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ServerGrid } from '../../../components/server-grid';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDealers } from '../api/team-lists';
import { BulkStatusBar } from './bulk-status-bar';
import { manageTeamsColumns } from './team-columns';
import { useKeysetPages } from './use-keyset-pages';

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };
const PHONE_COLUMNS: GridColumnVisibilityModel = {
  zCode: false,
  email: false,
  parent: false,
  emailVerified: false,
  phoneVerified: false,
};

interface TeamListViewProps {
  /** Only one dealer's direct children ('/dealer-agents/{dealerId}'). */
  parentId?: number;
  /** Bulk update of selected rows (admins). */
  canBulkUpdate: boolean;
  showDownstream: boolean;
  /** Extra toolbar content on the right. */
  toolbarEnd?: ReactNode;
}

/**
 * The paged team grid of Manage Teams and the admin lists (spec 1 §2.8): search, 'View Pending
 * Users', server paging by key, and for admins a selection of up to 500 rows across pages.
 */
export function TeamListView({ parentId, canBulkUpdate, showDownstream, toolbarEnd }: TeamListViewProps) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 350);
  const [pendingOnly, setPendingOnly] = useState(false);
  const pages = useKeysetPages(JSON.stringify({ search, pendingOnly, parentId }));
  const dealers = useDealers({
    ...pages.request,
    search: search || undefined,
    pendingOnly: pendingOnly ? 'true' : undefined,
    parentId,
  });
  const data = dealers.data;
  const { remember } = pages;
  useEffect(() => {
    // A placeholder is the previous list's page: its cursor belongs to that list, not this one.
    if (data && !dealers.isPlaceholderData) remember(data.pagination.page - 1, data.pagination.nextCursor);
  }, [data, dealers.isPlaceholderData, remember]);

  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [capReached, setCapReached] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const onSelectionChange = (next: GridRowSelectionModel) => {
    if (next.type !== 'include' || next.ids.size > BULK_SELECTION_CAP) {
      setCapReached(true);
      enqueueSnackbar(BULK_CAP_MESSAGE, { variant: 'warning', autoHideDuration: 5000 });
      return;
    }
    setCapReached(false);
    setSelection(next);
  };
  const selectedIds = useMemo(() => [...selection.ids].map(Number), [selection]);

  const isMobile = useIsMobile();
  const columns = useMemo(() => manageTeamsColumns(showDownstream), [showDownstream]);

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label="Search"
          placeholder="Search by name, email, phone, or Z-ID..."
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          sx={{ width: { xs: '100%', sm: 360 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControlLabel
          control={<Switch checked={pendingOnly} onChange={(event) => setPendingOnly(event.target.checked)} />}
          label="View Pending Users"
        />
        {toolbarEnd ? <Box sx={{ ml: { sm: 'auto' } }}>{toolbarEnd}</Box> : null}
      </Box>

      {dealers.isError ? (
        <LoadErrorAlert error={dealers.error} onRetry={() => dealers.refetch()} sx={{ mb: 2 }} />
      ) : null}

      {canBulkUpdate ? (
        <>
          {capReached ? (
            <Alert severity="warning" sx={{ mb: 1.5 }} onClose={() => setCapReached(false)}>
              {BULK_CAP_MESSAGE}
            </Alert>
          ) : null}
          <BulkStatusBar selectedIds={selectedIds} onDone={() => setSelection(EMPTY_SELECTION)} />
        </>
      ) : null}

      <ServerGrid
        framed={false}
        total={data?.pagination.filteredCount ?? 0}
        aria-label="Team members"
        rows={data?.data ?? []}
        columns={columns}
        columnVisibilityModel={isMobile ? PHONE_COLUMNS : {}}
        getRowId={(row) => row.id}
        loading={dealers.isPending || (dealers.isFetching && dealers.isPlaceholderData)}
        paginationModel={pages.paginationModel}
        onPaginationModelChange={pages.onPaginationModelChange}
        pageSizeOptions={[...TEAM_PAGE_SIZES]}
        checkboxSelection={canBulkUpdate}
        disableRowSelectionExcludeModel
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={onSelectionChange}
        disableColumnFilter
        disableColumnSorting
        disableColumnMenu={false}
        localeText={{ noRowsLabel: 'No Rows', paginationRowsPerPage: 'Records per page:' }}
        columnHeaderHeight={60}
        sx={{
          // Two-word headings (Email Verified, Phone Verified) wrap so the whole row fits at 1366 px.
          '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
        }}
      />
    </>
  );
}
