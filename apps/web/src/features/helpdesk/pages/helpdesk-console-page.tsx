import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import MarkEmailUnreadRoundedIcon from '@mui/icons-material/MarkEmailUnreadRounded';
import QuickreplyRoundedIcon from '@mui/icons-material/QuickreplyRounded';
import RuleRoundedIcon from '@mui/icons-material/RuleRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridColumnVisibilityModel, GridSortModel } from '@mui/x-data-grid';
import { formatDate } from '@portal/domain/platform/format';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  type ConsoleRow,
  type TicketKind,
  useConsolePage,
  useConsoleSuppliers,
  useDeleteTicket,
  useHelpdeskLive,
  useMarkUnread,
} from '../api/helpdesk';
import { type ConsoleFilterState, ConsoleFilters, defaultFilters } from '../components/console-filters';
import { StatusChip } from '../components/status-chip';
import { TicketDialog } from '../components/ticket-dialog';
import { KIND_TEXTS } from '../lib/kind-texts';
import { timeLeftView } from '../lib/time-left';

/** Spec 3 §9: the agent support grid is 750 px tall, other grids 600. */
const gridHeight = (kind: TicketKind) => (kind === 'agent_support' ? 750 : 600);

const DEFAULT_SORT: GridSortModel = [];

function TicketNumber({ row }: { row: ConsoleRow }) {
  return (
    <Tooltip title={row.unread ? 'Unread activity' : ''}>
      <Badge color="error" variant="dot" invisible={!row.unread} overlap="rectangular">
        <Chip
          size="small"
          label={row.ticketNum}
          color={row.unread ? 'primary' : 'default'}
          variant={row.unread ? 'filled' : 'outlined'}
          aria-label={row.unread ? `${row.ticketNum}, unread` : row.ticketNum}
        />
      </Badge>
    </Tooltip>
  );
}

function TimeLeft({ row }: { row: ConsoleRow }) {
  const view = timeLeftView(row.sla.timeLeftSeconds, row.sla.paused);
  if (!view)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Typography
      variant="body2"
      sx={{
        color: view.overdue ? 'error.main' : view.paused ? 'text.secondary' : 'text.primary',
        fontWeight: view.overdue ? 600 : 400,
      }}
    >
      {view.text}
    </Typography>
  );
}

function HelpdeskConsole({ kind }: { kind: TicketKind }) {
  const texts = KIND_TEXTS[kind];
  useDocumentTitle(texts.title);
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = Number(searchParams.get('ticket')) || undefined;
  const [pagination, setPagination] = usePageModel(25);
  const [filters, setFilters] = useState<ConsoleFilterState>(() => defaultFilters(kind));
  const [sort, setSort] = useState<GridSortModel>(DEFAULT_SORT);
  const search = useDebouncedValue(filters.search.trim());
  const query = { ...filters, search };
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start at the first page
  useEffect(
    () => setPagination((current) => ({ ...current, page: 0 })),
    [JSON.stringify({ ...filters, search: undefined }), search, JSON.stringify(sort)],
  );
  const list = useConsolePage(kind, {
    filters: query,
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    sortByTimeLeft: sort[0]?.field === 'timeLeft' && sort[0].sort === 'asc',
  });
  const suppliers = useConsoleSuppliers();
  const markUnread = useMarkUnread(kind);
  const remove = useDeleteTicket(kind);
  const [deleting, setDeleting] = useState<ConsoleRow | null>(null);
  useHelpdeskLive(kind);

  const open = (id: number | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('ticket', String(id));
        else next.delete('ticket');
        return next;
      },
      { replace: !id },
    );

  const onMarkUnread = (row: ConsoleRow) =>
    markUnread.mutate(row.id, {
      onSuccess: () => enqueueSnackbar(`${row.ticketNum} marked as unread`, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the row actions only set state and call mutations
  const columns = useMemo<GridColDef<ConsoleRow>[]>(() => {
    const actions: GridColDef<ConsoleRow> = {
      field: 'actions',
      headerName: 'Actions',
      width: 132,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <Tooltip title="View ticket">
            <IconButton aria-label={`View ${row.ticketNum}`} onClick={() => open(row.id)}>
              <Badge color="error" variant="dot" invisible={!row.unread}>
                <VisibilityRoundedIcon fontSize="small" />
              </Badge>
            </IconButton>
          </Tooltip>
          <Tooltip title="Mark as Unread">
            <span>
              <IconButton
                aria-label={`Mark ${row.ticketNum} as unread`}
                disabled={row.unread}
                onClick={() => onMarkUnread(row)}
              >
                <MarkEmailUnreadRoundedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Delete ticket">
            <IconButton aria-label={`Delete ${row.ticketNum}`} color="error" onClick={() => setDeleting(row)}>
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    };
    const number: GridColDef<ConsoleRow> = {
      field: 'ticketNum',
      headerName: texts.numberHeader,
      width: 138,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <TicketNumber row={row} />
        </Box>
      ),
    };
    const created: GridColDef<ConsoleRow> = {
      field: 'createdAt',
      headerName: texts.createdHeader,
      width: 104,
      sortable: false,
      valueFormatter: (value: string) => formatDate(value),
    };
    const status: GridColDef<ConsoleRow> = {
      field: 'status',
      headerName: 'Status',
      width: 118,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <StatusChip status={row.status} label={row.statusLabel} />
        </Box>
      ),
    };
    const feedback: GridColDef<ConsoleRow> = {
      field: 'statusFeedback',
      headerName: 'Status Feedback',
      minWidth: 140,
      flex: 1,
      sortable: false,
      valueGetter: (_value, row) => row.statusFeedback ?? '-',
    };
    const dealer: GridColDef<ConsoleRow> = {
      field: 'dealerCode',
      headerName: 'Dealer',
      minWidth: 150,
      flex: 1,
      sortable: false,
      valueGetter: (_value, row) => row.dealerCode ?? `${row.owner.code}: ${row.owner.name}`,
    };
    const supplier: GridColDef<ConsoleRow> = {
      field: 'supplierName',
      headerName: 'Supplier',
      minWidth: 120,
      flex: 0.8,
      sortable: false,
    };
    const updated: GridColDef<ConsoleRow> = {
      field: 'lastUpdatedAt',
      headerName: 'Last Updated',
      minWidth: 150,
      flex: 0.8,
      sortable: false,
      valueGetter: (_value, row) =>
        `${formatDate(row.lastUpdatedAt)}${row.lastUpdatedByName ? ` · ${row.lastUpdatedByName}` : ''}`,
    };
    const timeLeft: GridColDef<ConsoleRow> = {
      field: 'timeLeft',
      headerName: 'Time Left',
      width: 150,
      sortable: true,
      // The server sorts by urgency only: most urgent first, or back to newest first.
      sortingOrder: ['asc', null],
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <TimeLeft row={row} />
        </Box>
      ),
    };
    if (kind === 'agent_support') {
      return [
        actions,
        number,
        status,
        timeLeft,
        created,
        dealer,
        { field: 'category', headerName: 'Category', minWidth: 130, flex: 0.8, sortable: false },
        supplier,
        feedback,
        { field: 'supplierTicketNumber', headerName: 'Supplier Ticket', width: 130, sortable: false },
        updated,
      ];
    }
    return [
      actions,
      number,
      status,
      timeLeft,
      created,
      dealer,
      { field: 'customerName', headerName: 'Customer Name', minWidth: 140, flex: 1, sortable: false },
      { field: 'phoneNumber', headerName: 'Phone Number', width: 128, sortable: false },
      supplier,
      feedback,
      { field: 'feedback', headerName: 'Feedback', minWidth: 140, flex: 1, sortable: false },
      updated,
    ];
  }, [kind, texts]);

  const mobileHidden: GridColumnVisibilityModel =
    kind === 'agent_support'
      ? {
          createdAt: false,
          dealerCode: false,
          category: false,
          supplierName: false,
          statusFeedback: false,
          supplierTicketNumber: false,
          lastUpdatedAt: false,
        }
      : {
          createdAt: false,
          dealerCode: false,
          phoneNumber: false,
          supplierName: false,
          statusFeedback: false,
          feedback: false,
          lastUpdatedAt: false,
        };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(`${deleting.ticketNum} deleted`, { variant: 'success' });
        if (openId === deleting.id) open(undefined);
        setDeleting(null);
      },
      onError: (error) => {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
        setDeleting(null);
      },
    });
  };

  return (
    <Box>
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          <>
            <Button
              component={RouterLink}
              to={paths.supportStatuses}
              startIcon={<RuleRoundedIcon />}
              variant="outlined"
            >
              Support Statuses
            </Button>
            <Button
              component={RouterLink}
              to={paths.cannedReplies}
              startIcon={<QuickreplyRoundedIcon />}
              variant="outlined"
            >
              Canned Replies
            </Button>
          </>
        }
      />
      <ConsoleFilters
        value={filters}
        onChange={setFilters}
        statusLabel={texts.statusLabel}
        suppliers={suppliers.data ?? []}
        searchLabel={texts.searchLabel}
      />
      {list.isError ? <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} sx={{ mb: 2 }} /> : null}
      <ServerGrid
        aria-label={texts.title}
        total={list.data?.total ?? 0}
        rows={list.data?.items ?? []}
        columns={columns}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortingMode="server"
        sortModel={sort}
        onSortModelChange={setSort}
        getRowClassName={({ row }) => (row.unread ? 'ticket-unread' : '')}
        columnVisibilityModel={isMobile ? mobileHidden : {}}
        localeText={{ noRowsLabel: texts.empty }}
        sx={{
          height: gridHeight(kind),
          maxHeight: gridHeight(kind),
          '& .ticket-unread': { fontWeight: 600, bgcolor: 'action.hover' },
        }}
      />
      <TicketDialog
        kind={kind}
        ticketId={openId}
        onClose={() => open(undefined)}
        onDelete={(row) => setDeleting(row)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete ticket"
        text={`Delete ${deleting?.ticketNum ?? ''}? It leaves the console and the dealer's list.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

/** '/sales-leads-admin-view' (spec 3 §2.2): the Sales Assist flag. */
export function SalesLeadsAdminPage() {
  return <HelpdeskConsole kind="sales_assist" />;
}

/** '/admin-agent-support' (spec 3 §2.2): the Agent Support flag. */
export function AgentSupportAdminPage() {
  return <HelpdeskConsole kind="agent_support" />;
}
