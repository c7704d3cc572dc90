import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { paths } from '../lib/paths';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useDocumentTitle } from '../lib/use-document-title';
import { BackButton } from './back-button';
import { LoadErrorAlert } from './load-error-alert';
import { PageHeader } from './page-header';

export interface OwnListPageData<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

interface OwnListPageProps<T> {
  title: string;
  searchLabel: string;
  /** The list's query for a page and a search ('' for none). */
  useList: (page: number, search: string) => UseQueryResult<OwnListPageData<T>>;
  keyOf: (item: T) => number;
  renderCard: (item: T) => ReactNode;
  emptyText: string;
}

/** A dealer's own list of cards: back button, search box (from 2 characters), server pages. */
export function OwnListPage<T>({ title, searchLabel, useList, keyOf, renderCard, emptyText }: OwnListPageProps<T>) {
  useDocumentTitle(title);
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(typed.trim().length >= 2 ? typed.trim() : '');
  const list = useList(page, search);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Box sx={{ maxWidth: 900 }}>
      <BackButton fallback={paths.home} />
      <PageHeader title={title} />
      <TextField
        fullWidth
        size="small"
        label={searchLabel}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setPage(1);
        }}
        helperText={typed.trim().length === 1 ? 'Type at least 2 characters to search' : ' '}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1 }}
      />
      {list.isPending ? (
        <Box aria-label="Loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={88} sx={{ mb: 1.5 }} />
          ))}
        </Box>
      ) : list.isError ? (
        <LoadErrorAlert error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Alert severity="info">{search ? `Nothing matches “${search}”.` : emptyText}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {list.data.total} in all
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              opacity: list.isPlaceholderData ? 0.6 : 1,
            }}
          >
            {list.data.items.map((item) => (
              <li key={keyOf(item)}>{renderCard(item)}</li>
            ))}
          </Box>
          {pages > 1 ? (
            <Pagination
              count={pages}
              page={page}
              onChange={(_, value) => setPage(value)}
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            />
          ) : null}
        </>
      )}
    </Box>
  );
}
