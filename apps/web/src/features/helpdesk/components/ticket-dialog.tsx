import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import MarkEmailUnreadRoundedIcon from '@mui/icons-material/MarkEmailUnreadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@portal/domain/platform/format';
import { TICKET_MESSAGES, type TicketDetail, type TicketKind } from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ActivityThread } from '../../../components/tickets/activity-thread';
import { DocumentsList } from '../../../components/tickets/documents-list';
import { errorMessage } from '../../../lib/api';
import { DOCUMENT_ACCEPT, uploadTicketDocuments } from '../../../lib/upload-file';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  type ConsoleRow,
  useAttachFiles,
  useConsoleSuppliers,
  useMarkUnread,
  useSendMessage,
  useTicket,
  useTicketFiles,
  useTicketThread,
} from '../api/helpdesk';
import { timeLeftView } from '../lib/time-left';
import { CannedReplyMenu } from './canned-reply-menu';
import { HistoryList } from './history-list';
import { StatusChip } from './status-chip';
import { TicketEditForm } from './ticket-edit-form';

type TabKey = 'activity' | 'edit' | 'documents' | 'history';

/** The row the grid's actions take, from the ticket as the dialog has it. */
const asRow = (ticket: TicketDetail) => ({ id: ticket.id, ticketNum: ticket.ticketNum }) as ConsoleRow;

function Summary({ ticket }: { ticket: TicketDetail }) {
  const sla = ticket.sla ? timeLeftView(ticket.sla.timeLeftSeconds, ticket.sla.paused) : null;
  const facts = [
    ['Dealer', ticket.dealerCode ?? `${ticket.owner.code}: ${ticket.owner.name}`],
    ['Supplier', ticket.supplierName],
    ['Created', formatDateTime(ticket.createdAt)],
    ticket.kind === 'agent_support' ? ['Category', ticket.category] : ['Customer', ticket.customerName],
    ['User Note', ticket.userNote],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <Box sx={{ display: 'grid', gap: 0.5, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip status={ticket.status} label={ticket.statusLabel} />
        {ticket.statusFeedback ? <Typography variant="body2">{ticket.statusFeedback}</Typography> : null}
        {sla ? (
          <Typography variant="body2" sx={{ color: sla.overdue ? 'error.main' : 'text.secondary', ml: { sm: 'auto' } }}>
            {sla.text}
          </Typography>
        ) : null}
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

interface TicketDialogProps {
  kind: TicketKind;
  /** The ticket shown; none closes the dialog. */
  ticketId: number | undefined;
  onClose: () => void;
  onDelete: (row: ConsoleRow) => void;
}

/**
 * One ticket in the console: its Activity (with internal notes and the Internal toggle), the
 * Edit Lead / Edit Ticket form, its Documents and History; Mark as Unread and Delete.
 */
export function TicketDialog({ kind, ticketId, onClose, onDelete }: TicketDialogProps) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const [tab, setTab] = useState<TabKey>('activity');
  // Set at once (not with the address, which updates in a transition) when the admin leaves with
  // Mark as Unread, so the thread is not read again, e.g. on the live event the change causes.
  const [leaving, setLeaving] = useState(false);
  const ticket = useTicket(kind, ticketId);
  const thread = useTicketThread(kind, tab === 'activity' && !leaving ? ticketId : undefined);
  const files = useTicketFiles(kind, tab === 'documents' ? ticketId : undefined);
  const suppliers = useConsoleSuppliers();
  const markUnread = useMarkUnread(kind);
  const send = useSendMessage(kind, ticketId ?? 0);
  const attach = useAttachFiles(kind, ticketId ?? 0);
  // Held here, not in the box, so a canned reply can go into it and a draft outlives a look at
  // another tab.
  const [draft, setDraft] = useState('');
  const [uploading, setUploading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each ticket opens on its Activity, with an empty box
  useEffect(() => {
    setTab('activity');
    setLeaving(false);
    setDraft('');
  }, [ticketId]);

  const data = ticket.data;
  const closed = data?.status === 'Closed';
  const editLabel = kind === 'sales_assist' ? 'Edit Lead' : 'Edit Ticket';

  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error', autoHideDuration: 4000 });

  const addFiles = async (picked: File[]) => {
    setUploading(true);
    try {
      const uploaded = await uploadTicketDocuments(picked);
      await attach.mutateAsync(uploaded.map((file) => file.id));
    } catch {
      enqueueSnackbar(TICKET_MESSAGES.uploadFailed, { variant: 'error', autoHideDuration: 4000 });
    } finally {
      setUploading(false);
    }
  };

  const onMarkUnread = () => {
    if (!data) return;
    setLeaving(true);
    onClose();
    markUnread.mutate(data.id, {
      onSuccess: () => enqueueSnackbar(`${data.ticketNum} marked as unread`, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };

  return (
    <Dialog
      open={ticketId !== undefined}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isMobile}
      aria-labelledby="ticket-dialog-title"
    >
      <DialogTitle id="ticket-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          {data ? `${kind === 'sales_assist' ? 'Lead' : 'Ticket'} ${data.ticketNum}` : 'Ticket'}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: { sm: 480 } }}>
        {ticket.isError ? (
          <LoadErrorAlert error={ticket.error} onRetry={() => void ticket.refetch()} />
        ) : !data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading ticket" />
          </Box>
        ) : (
          <>
            <Summary ticket={data} />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              <Button
                size="small"
                variant="outlined"
                startIcon={<MarkEmailUnreadRoundedIcon />}
                onClick={onMarkUnread}
                loading={markUnread.isPending}
              >
                Mark as Unread
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineRoundedIcon />}
                onClick={() => onDelete(asRow(data))}
              >
                Delete
              </Button>
            </Box>
            <Tabs
              value={tab}
              onChange={(_, next: TabKey) => setTab(next)}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="activity" label="Activity" />
              <Tab value="edit" label={editLabel} />
              <Tab value="documents" label="Documents" />
              <Tab value="history" label="History" />
            </Tabs>
            {tab === 'activity' ? (
              <ActivityThread
                activities={thread.data?.items}
                loading={thread.isPending}
                error={thread.error ?? undefined}
                onRetry={() => void thread.refetch()}
                viewerIsAdmin
                closed={closed}
                rating={data.rating}
                allowInternal
                sending={send.isPending}
                onSend={(message) =>
                  send.mutateAsync(message).catch((error: unknown) => {
                    failed(error);
                    throw error;
                  })
                }
                draft={draft}
                onDraftChange={setDraft}
                composerActions={
                  <CannedReplyMenu
                    kind={kind}
                    ticketId={data.id}
                    disabled={send.isPending}
                    onInsert={(text) =>
                      setDraft((current) => (current.trim() ? `${current.trimEnd()}\n${text}` : text))
                    }
                  />
                }
              />
            ) : tab === 'edit' ? (
              <TicketEditForm kind={kind} ticket={data} suppliers={suppliers.data ?? []} />
            ) : tab === 'documents' ? (
              <DocumentsList
                documents={files.data?.items}
                loading={files.isPending}
                error={files.error ?? undefined}
                onRetry={() => void files.refetch()}
                closed={closed}
                onAddFiles={(picked) => void addFiles(picked)}
                uploading={uploading}
                accept={DOCUMENT_ACCEPT}
              />
            ) : data.history ? (
              <HistoryList entries={data.history} />
            ) : (
              <Alert severity="info">No history for this ticket.</Alert>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
