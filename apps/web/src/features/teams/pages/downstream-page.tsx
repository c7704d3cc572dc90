import { zodResolver } from '@hookform/resolvers/zod';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import TipsAndUpdatesOutlinedIcon from '@mui/icons-material/TipsAndUpdatesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { zCode } from '@portal/domain/people/z-code';
import {
  dealerLabel,
  downstreamFooter,
  LIFECYCLE_STATUS_OPTIONS,
  TEAM_PAGE_SIZES,
  TeamSearchForm,
} from '@portal/domain/teams/team-list';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BackButton } from '../../../components/back-button';
import { FormTextField } from '../../../components/form-fields';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid } from '../../../components/server-grid';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownstream } from '../api/team-lists';
import { downstreamColumns } from '../components/team-columns';
import { useDealerIdParam } from '../components/use-dealer-id';
import { useKeysetPages } from '../components/use-keyset-pages';
import { teamPaths } from '../team-paths';

export const SEARCH_PLACEHOLDER = 'Search by name, email, phone, or Z-ID...';
export const PHONE_TIP = 'Tip: search phone numbers with +27 or 27 instead of the leading 0, e.g. 27821234567.';

/** '/child-dealer-downstream/{dealerId}' and '/dealer-downstream/{dealerId}' (spec 1 §2.9). */
export function DownstreamPage() {
  const dealerId = useDealerIdParam();
  useDocumentTitle('Downstream');
  if (dealerId === undefined) return <Alert severity="error">Invalid user ID</Alert>;
  // A new dealer starts a new list: fresh search, filter and paging.
  return <Downstream key={dealerId} dealerId={dealerId} />;
}

function Downstream({ dealerId }: { dealerId: number }) {
  const { control, handleSubmit, reset } = useForm<TeamSearchForm, unknown, z.output<typeof TeamSearchForm>>({
    resolver: zodResolver(TeamSearchForm),
    defaultValues: { search: '' },
  });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(0);
  const pages = useKeysetPages(JSON.stringify({ search, status }));
  const downstream = useDownstream(dealerId, {
    ...pages.request,
    search: search || undefined,
    statusFilter: status || undefined,
  });
  const data = downstream.data;
  const { remember } = pages;
  useEffect(() => {
    // A placeholder is the previous list's page: its cursor belongs to that list, not this one.
    if (data && !downstream.isPlaceholderData) remember(data.pagination.page - 1, data.pagination.nextCursor);
  }, [data, downstream.isPlaceholderData, remember]);

  const columns = useMemo(() => downstreamColumns(true), []);
  const submit = handleSubmit((values) => setSearch(values.search));
  const clearAll = () => {
    reset();
    setSearch('');
    setStatus(0);
  };
  const footer = data ? downstreamFooter(data.pagination) : '';

  return (
    <>
      <BackButton fallback={teamPaths.manageDealers} />
      <PageHeader
        title="Downstream"
        subtitle={data ? `Everyone below ${dealerLabel(data.dealer)}` : `Everyone below ${zCode(dealerId)}`}
      />

      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1.5, mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <FormTextField
          control={control}
          name="search"
          size="small"
          type="search"
          placeholder={SEARCH_PLACEHOLDER}
          sx={{ width: { xs: '100%', sm: 380 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="lifecycle-status-label">Lifecycle Status</InputLabel>
          <Select
            labelId="lifecycle-status-label"
            label="Lifecycle Status"
            value={status}
            onChange={(event) => setStatus(Number(event.target.value))}
          >
            <MenuItem value={0}>All</MenuItem>
            {LIFECYCLE_STATUS_OPTIONS.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button onClick={clearAll} variant="outlined">
          Clear All
        </Button>
        <Chip
          label={`Filtered: ${data?.pagination.filteredCount ?? 0}`}
          color={search || status ? 'primary' : 'default'}
          variant="outlined"
        />
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 2 }}
      >
        <TipsAndUpdatesOutlinedIcon fontSize="small" color="secondary" />
        {PHONE_TIP}
      </Typography>

      {downstream.isError ? (
        <LoadErrorAlert error={downstream.error} onRetry={() => downstream.refetch()} sx={{ mb: 2 }} />
      ) : null}

      <ServerGrid
        framed={false}
        total={data?.pagination.filteredCount ?? 0}
        aria-label="Downstream dealers"
        rows={data?.data ?? []}
        columns={columns}
        getRowId={(row) => row.id}
        loading={downstream.isPending || (downstream.isFetching && downstream.isPlaceholderData)}
        paginationModel={pages.paginationModel}
        onPaginationModelChange={pages.onPaginationModelChange}
        pageSizeOptions={[...TEAM_PAGE_SIZES]}
        disableColumnFilter
        disableColumnSorting
        disableColumnMenu={false}
        localeText={{
          noRowsLabel: 'No Rows',
          paginationRowsPerPage: 'Records per page:',
          paginationDisplayedRows: () => footer,
        }}
      />
    </>
  );
}
