import AddRoundedIcon from '@mui/icons-material/AddRounded';
import GridViewRoundedIcon from '@mui/icons-material/GridViewRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import ViewListRoundedIcon from '@mui/icons-material/ViewListRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LINK_MESSAGES, LINKS_PAGE_SIZE, type LinksView, type SupplierLink } from '@portal/domain/links/supplier-links';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { access } from '../../../app/access';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useDeleteLink, useLiveSupplierLinks, useOpenLink, useSupplierLinks } from '../api/supplier-links';
import { LinkCard } from './link-card';
import { LinkFormDialog } from './link-form-dialog';
import { ShareLinkDialog } from './share-link-dialog';

/**
 * Opens the address in a new tab without giving it a handle on the portal (noopener). The tab is
 * opened during the click, before the server answers, so pop-up blockers let it through.
 */
function openInNewTab(address: Promise<string>, onFailure: (message: string) => void) {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  address.then(
    (url) => {
      if (tab) tab.location.replace(url);
      else onFailure(LINK_MESSAGES.popupBlocked);
    },
    () => {
      tab?.close();
      onFailure(LINK_MESSAGES.openFailed);
    },
  );
}

/**
 * The Supplier Links tab (spec 2 "Supplier Links tab", §4, §9): the supplier's links as a list
 * (30 a page, the default) or a grid (50 a page), searched by name. Opening one builds its address
 * for the signed-in dealer on the server, counts the click and opens a new tab. Admins add, edit
 * and delete links.
 */
export function LinksTab({ supplierId }: { supplierId: number }) {
  const user = useSignedInUser();
  const isAdmin = access.manageSupplierLinks(user);
  const { enqueueSnackbar } = useSnackbar();
  const [view, setView] = useState<LinksView>('list');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(1);
  const pageSize = LINKS_PAGE_SIZE[view];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search, view or supplier starts at the first page
  useEffect(() => setPage(1), [search, view, supplierId]);
  const links = useSupplierLinks({ supplierId, search, page, pageSize });
  useLiveSupplierLinks(supplierId);
  const open = useOpenLink();
  const remove = useDeleteLink();
  const [editing, setEditing] = useState<{ link?: SupplierLink } | null>(null);
  const [sharing, setSharing] = useState<SupplierLink | null>(null);
  const [deleting, setDeleting] = useState<SupplierLink | null>(null);
  const data = links.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;

  const openLink = (link: SupplierLink) =>
    openInNewTab(
      open.mutateAsync(link.id).then((answer) => answer.address),
      (message) => enqueueSnackbar(message, { variant: 'error' }),
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => enqueueSnackbar(LINK_MESSAGES.deleted, { variant: 'success' }),
      onError: () => enqueueSnackbar(LINK_MESSAGES.deleteFailed, { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box component="section" aria-labelledby="supplier-links-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" id="supplier-links-title" sx={{ flexGrow: 1 }}>
          Supplier Links
        </Typography>
        {isAdmin ? (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing({})}>
            Add Link
          </Button>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <TextField
          type="search"
          size="small"
          placeholder="Search links..."
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search links', maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_, next: LinksView | null) => next && setView(next)}
          aria-label="Links view"
          sx={{ ml: 'auto' }}
        >
          <ToggleButton value="list" aria-label="List view">
            <Tooltip title="List view">
              <ViewListRoundedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="grid" aria-label="Grid view">
            <Tooltip title="Grid view">
              <GridViewRoundedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>

      {links.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}>
          <CircularProgress size={20} />
          <Typography color="text.secondary">Loading links...</Typography>
        </Box>
      ) : links.isError && !data ? (
        <LoadErrorAlert error={links.error} onRetry={() => links.refetch()} />
      ) : data && data.items.length === 0 ? (
        <Alert severity="info" variant="outlined">
          <Typography>No links found.</Typography>
          {isAdmin ? (
            <Typography variant="body2" color="text.secondary">
              {search
                ? 'Try another search, or use Add Link to add one.'
                : 'Use Add Link to add this supplier’s first link.'}
            </Typography>
          ) : null}
        </Alert>
      ) : data ? (
        <Box
          component="ul"
          aria-label="Links"
          aria-busy={links.isFetching}
          sx={{
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns:
              view === 'grid' ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } : '1fr',
            opacity: links.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {data.items.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              view={view}
              isAdmin={isAdmin}
              opening={open.isPending && open.variables === link.id}
              onOpen={() => openLink(link)}
              onShare={() => setSharing(link)}
              onEdit={() => setEditing({ link })}
              onDelete={() => setDeleting(link)}
            />
          ))}
        </Box>
      ) : null}
      {links.isError && data ? (
        <LoadErrorAlert error={links.error} onRetry={() => links.refetch()} sx={{ mt: 2 }} />
      ) : null}

      {data && data.total > pageSize ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_, next) => setPage(next)}
            color="primary"
            siblingCount={0}
          />
        </Box>
      ) : null}

      {isAdmin ? (
        <LinkFormDialog
          open={editing !== null}
          supplierId={supplierId}
          variables={data?.variables ?? []}
          link={editing?.link}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ShareLinkDialog link={sharing} onClose={() => setSharing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Delete"
        text={`Are you sure you want to delete the link "${deleting?.name ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
