import OpenInFullRoundedIcon from '@mui/icons-material/OpenInFullRounded';
import OutboxRoundedIcon from '@mui/icons-material/OutboxRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridColumnVisibilityModel, GridPaginationModel } from '@mui/x-data-grid';
import { OutboxChannel, type OutboxMessage } from '@portal/domain/outbox/outbox';
import { useEffect, useMemo, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid } from '../../../components/server-grid';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { OUTBOX_REFRESH_MS, useOutbox } from '../api/get-outbox';
import { CHANNEL_LABELS, ChannelChip } from '../components/channel-chip';
import { DeliveryStatus } from '../components/delivery-status';
import { LinkedText } from '../components/linked-text';
import { MessageDialog } from '../components/message-dialog';
import { toPlainText } from '../components/message-text';

type Channel = OutboxMessage['channel'];

const PHONE_COLUMNS: GridColumnVisibilityModel = {
  createdAt: false,
  channel: false,
  recipient: false,
  subject: false,
  body: false,
  status: false,
  attempts: false,
  lastError: false,
  summary: true,
};
const WIDE_COLUMNS: GridColumnVisibilityModel = { summary: false };
const DEFAULT_PAGE_SIZE = 50;

function EmptyOutbox() {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Box>
        <OutboxRoundedIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="p">
          No messages yet
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Mail and SMS the portal sends appear here within a few seconds.
        </Typography>
      </Box>
    </Box>
  );
}

/** '/outbox' (admins): messages kept by the local mail, SMS, chat and tracker adapters. */
export function OutboxPage() {
  useDocumentTitle('Outbox');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [channel, setChannel] = useState<Channel | ''>('');
  const [recipientInput, setRecipientInput] = useState('');
  const recipient = useDebouncedValue(recipientInput.trim(), 300);
  const [open, setOpen] = useState<OutboxMessage | null>(null);

  // A new filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on filter change only
  useEffect(() => {
    setPagination((current) => (current.page === 0 ? current : { ...current, page: 0 }));
  }, [channel, recipient]);

  const outbox = useOutbox({
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    channel: channel || undefined,
    recipient: recipient || undefined,
  });

  const columns = useMemo<GridColDef<OutboxMessage>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: 'Time',
        width: 160,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'channel',
        headerName: 'Channel',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <ChannelChip channel={row.channel} />,
      },
      {
        field: 'recipient',
        headerName: 'To',
        minWidth: 170,
        flex: 0.7,
        sortable: false,
        renderCell: ({ value }) => <Box sx={{ overflowWrap: 'anywhere' }}>{value}</Box>,
      },
      {
        field: 'subject',
        headerName: 'Subject',
        minWidth: 150,
        flex: 0.8,
        sortable: false,
        renderCell: ({ value }) =>
          value ? (
            <Box sx={{ fontWeight: 600 }}>{value}</Box>
          ) : (
            <Typography variant="body2" color="text.disabled">
              —
            </Typography>
          ),
      },
      {
        field: 'body',
        headerName: 'Message',
        minWidth: 260,
        flex: 2,
        sortable: false,
        renderCell: ({ row }) => (
          <Box
            sx={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              lineHeight: 1.5,
              display: '-webkit-box',
              WebkitLineClamp: 12,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              userSelect: 'text',
            }}
          >
            <LinkedText text={toPlainText(row.body)} />
          </Box>
        ),
      },
      {
        // Phones: one column with the whole message stacked, instead of seven narrow ones.
        field: 'summary',
        headerName: 'Message',
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value, row) => `${row.recipient} ${row.subject ?? ''} ${row.body}`,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <ChannelChip channel={row.channel} />
              {row.status === 'sent' ? null : <DeliveryStatus message={row} />}
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(row.createdAt)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', color: 'text.secondary' }}>
              {`To ${row.recipient}`}
            </Typography>
            {row.subject ? (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.subject}
              </Typography>
            ) : null}
            <Box
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 4,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                fontSize: 14,
              }}
            >
              <LinkedText text={toPlainText(row.body)} />
            </Box>
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <DeliveryStatus message={row} />,
      },
      {
        field: 'attempts',
        headerName: 'Attempts',
        width: 90,
        type: 'number',
        sortable: false,
      },
      {
        field: 'lastError',
        headerName: 'Last error',
        minWidth: 160,
        flex: 0.8,
        sortable: false,
        renderCell: ({ row }) =>
          row.lastError ? (
            <Box sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal', lineHeight: 1.4, py: 0.5 }}>
              {row.lastError}
              {row.status === 'queued' && row.nextAttemptAt ? (
                <Typography variant="caption" component="div" color="text.secondary">
                  {`Next try ${formatDateTime(row.nextAttemptAt)}`}
                </Typography>
              ) : null}
            </Box>
          ) : (
            <Typography variant="body2" color="text.disabled">
              —
            </Typography>
          ),
      },
      {
        field: 'open',
        headerName: '',
        width: 56,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Tooltip title="Open message">
            <IconButton size="small" aria-label={`Open message ${row.id}`} onClick={() => setOpen(row)}>
              <OpenInFullRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  const isMobile = useIsMobile();
  const columnVisibilityModel = isMobile ? PHONE_COLUMNS : WIDE_COLUMNS;

  const data = outbox.data;
  const updatedAt = outbox.dataUpdatedAt ? formatDateTime(outbox.dataUpdatedAt).split(', ')[1] : null;

  return (
    <>
      <PageHeader
        title="Outbox"
        subtitle="Mail, SMS and other messages the portal has sent or is sending, with their delivery status."
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => outbox.refetch()}
            loading={outbox.isFetching && !outbox.isPending}
            loadingPosition="start"
          >
            Refresh
          </Button>
        }
      />

      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="outbox-channel-label" shrink>
            Channel
          </InputLabel>
          <Select
            labelId="outbox-channel-label"
            id="outbox-channel"
            label="Channel"
            notched
            displayEmpty
            value={channel}
            onChange={(event) => setChannel(event.target.value as Channel | '')}
          >
            <MenuItem value="">All channels</MenuItem>
            {OutboxChannel.options.map((option) => (
              <MenuItem key={option} value={option}>
                {CHANNEL_LABELS[option]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          size="small"
          label="Recipient"
          placeholder="Email or phone"
          value={recipientInput}
          onChange={(event) => setRecipientInput(event.target.value)}
          sx={{ width: { xs: '100%', sm: 260 } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
          {`Refreshes every ${OUTBOX_REFRESH_MS / 1000} s`}
          {updatedAt ? ` · updated ${updatedAt}` : ''}
        </Typography>
      </Box>

      {outbox.isError ? <LoadErrorAlert error={outbox.error} onRetry={() => outbox.refetch()} sx={{ mb: 2 }} /> : null}

      <ServerGrid
        framed={false}
        total={data?.total ?? 0}
        totalIsAtLeast={data?.totalIsAtLeast ?? false}
        aria-label="Outbox messages"
        rows={data?.items ?? []}
        columns={columns}
        columnVisibilityModel={columnVisibilityModel}
        getRowId={(row) => row.id}
        loading={outbox.isPending || (outbox.isFetching && outbox.isPlaceholderData)}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        getRowHeight={() => 'auto'}
        getEstimatedRowHeight={() => 96}
        onRowDoubleClick={({ row }) => setOpen(row)}
        disableColumnFilter
        disableColumnSorting
        disableColumnMenu={false}
        slots={{ noRowsOverlay: EmptyOutbox }}
        sx={{
          '& .MuiDataGrid-cell': { alignItems: 'flex-start', py: 1, display: 'flex' },
          '& .MuiDataGrid-cell:focus-within': { outline: '2px solid', outlineColor: 'primary.light' },
        }}
      />

      <MessageDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}
