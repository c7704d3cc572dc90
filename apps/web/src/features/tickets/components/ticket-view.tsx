import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Rating from '@mui/material/Rating';
import { displayPhone } from '@portal/domain/people/phone';
import { formatDate, formatDateTime } from '@portal/domain/platform/format';
import { TICKET_MESSAGES, type TicketDetail, type TicketKind } from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { DetailGrid, type DetailItem } from '../../../components/detail-grid';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ActivityThread } from '../../../components/tickets/activity-thread';
import { DocumentsList } from '../../../components/tickets/documents-list';
import { RatingForm } from '../../../components/tickets/rating';
import { TicketViewDialog, type TicketViewTab } from '../../../components/tickets/ticket-view-dialog';
import { errorMessage } from '../../../lib/api';
import { DOCUMENT_ACCEPT, uploadTicketDocuments } from '../../../lib/upload-file';
import {
  useAttachFiles,
  useRateTicket,
  useSendMessage,
  useTicketActivity,
  useTicketDetail,
  useTicketFiles,
} from '../api/tickets';
import { StatusChip } from './ticket-parts';

/** Spec 8: error toasts in the ticket dialog hide after 4 s. */
const ERROR_TOAST_MS = 4000;

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * Spec 2 "Agent Support tab": Details shows only the fields that are present. A lead shows the
 * customer's details the dealer gave (spec 2 §3 "Sales assist ticket").
 */
export function detailItems(ticket: TicketDetail): DetailItem[] {
  const rating = ticket.rating ? (
    <Rating value={ticket.rating.star} readOnly size="small" aria-label={`${ticket.rating.star} out of 5 stars`} />
  ) : null;
  const common: DetailItem[] = [
    { label: 'Date Submitted', value: formatDateTime(ticket.createdAt) },
    { label: 'Dealer Code', value: ticket.dealerCode, wide: true },
  ];
  const items: DetailItem[] =
    ticket.kind === 'agent_support'
      ? [
          ...common,
          { label: 'Category', value: ticket.category },
          { label: 'Lead Status', value: ticket.statusLabel },
          { label: 'Status Feedback', value: ticket.statusFeedback },
          { label: 'Helpdesk Feedback', value: ticket.feedback, wide: true },
          { label: 'Supplier', value: ticket.supplierName },
          {
            label: 'Supplier Ticket Date',
            value: ticket.supplierTicketDate ? formatDate(ticket.supplierTicketDate) : null,
          },
          { label: 'Supplier Ticket Number', value: ticket.supplierTicketNumber },
          { label: 'User Notes', value: ticket.userNote, wide: true },
          { label: 'Rating', value: rating },
          { label: 'Rating Comment', value: ticket.rating?.comment, wide: true },
        ]
      : [
          ...common,
          { label: 'Supplier', value: ticket.supplierName },
          { label: 'Status', value: ticket.statusLabel },
          { label: 'Status Feedback', value: ticket.statusFeedback },
          { label: 'Feedback', value: ticket.feedback, wide: true },
          { label: 'Customer Name', value: ticket.customerName },
          { label: 'Phone Number', value: ticket.phoneNumber && displayPhone(ticket.phoneNumber) },
          { label: 'Alternative Number', value: ticket.alternativeNumber && displayPhone(ticket.alternativeNumber) },
          { label: 'Email Address', value: ticket.emailAddress, wide: true },
          { label: 'ID Number', value: ticket.idNumber },
          { label: 'Address', value: ticket.address, wide: true },
          { label: 'Reference Number', value: ticket.refNumber },
          { label: 'Title', value: ticket.title },
          { label: 'Job Title', value: ticket.jobTitle },
          { label: 'Marital Status', value: ticket.maritalStatus },
          {
            label: 'Months at Current Address',
            value: ticket.currentAddressMonths === null ? null : String(ticket.currentAddressMonths),
          },
          { label: 'Employer', value: ticket.employer },
          { label: 'Employer Contact Number', value: ticket.employerContactNumber },
          { label: 'Company Name', value: ticket.companyName },
          { label: 'Industry', value: ticket.industry },
          { label: 'Payment Type', value: ticket.paymentType },
          { label: 'GPS Location', value: ticket.gpsLocation },
          { label: 'Agent Note', value: ticket.userNote, wide: true },
          { label: 'Platform', value: ticket.platform },
          { label: 'Rating', value: rating },
          { label: 'Rating Comment', value: ticket.rating?.comment, wide: true },
        ];
  return items.filter((item) => present(item.value));
}

interface TicketViewProps {
  kind: TicketKind;
  /** The ticket shown; null: closed. */
  ticketId: number | null;
  /** Its number, shown while the ticket loads. */
  ticketNum?: string | undefined;
  initialTab?: TicketViewTab;
  onClose: () => void;
}

/** The ticket view (modal) of a dealer's ticket: Activity, Documents and Details. */
export function TicketView({ kind, ticketId, ticketNum, initialTab, onClose }: TicketViewProps) {
  const { enqueueSnackbar } = useSnackbar();
  const id = ticketId ?? 0;
  const detail = useTicketDetail(kind, ticketId);
  const activity = useTicketActivity(kind, ticketId);
  const files = useTicketFiles(kind, ticketId);
  const send = useSendMessage(kind, id);
  const attach = useAttachFiles(kind, id);
  const rate = useRateTicket(kind);
  const [uploading, setUploading] = useState(false);
  const ticket = detail.data?.id === ticketId ? detail.data : undefined;
  const closed = ticket?.status === 'Closed';
  const failed = (message: string) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: ERROR_TOAST_MS });

  const addFiles = async (picked: File[]) => {
    setUploading(true);
    try {
      const uploaded = await uploadTicketDocuments(picked);
      await attach.mutateAsync(uploaded.map((file) => file.id));
    } catch {
      failed(TICKET_MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  const ratingForm = ticket?.canRate ? (
    <RatingForm
      submitting={rate.isPending}
      onSubmit={(rating) =>
        rate.mutate(
          { id, rating },
          {
            onSuccess: () => enqueueSnackbar(TICKET_MESSAGES.rated, { variant: 'success' }),
            onError: (error) => failed(errorMessage(error)),
          },
        )
      }
    />
  ) : null;

  const detailsTab = detail.isError ? (
    <LoadErrorAlert error={detail.error} onRetry={() => detail.refetch()} />
  ) : ticket ? (
    <DetailGrid items={detailItems(ticket)} />
  ) : (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress size={28} aria-label="Loading details" />
    </Box>
  );

  return (
    <TicketViewDialog
      open={ticketId !== null}
      onClose={onClose}
      initialTab={initialTab}
      unread={ticket?.unread}
      title={
        <>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {ticket?.ticketNum ?? ticketNum ?? 'Ticket'}
          </Box>
          {ticket ? <StatusChip kind={kind} status={ticket.status} /> : null}
        </>
      }
      activity={
        detail.isError ? (
          <Alert severity="error">{errorMessage(detail.error)}</Alert>
        ) : (
          <ActivityThread
            activities={activity.data?.items}
            loading={activity.isPending || !ticket}
            error={activity.isError ? activity.error : undefined}
            onRetry={() => activity.refetch()}
            viewerIsAdmin={ticket?.viewerSide === 'admin'}
            closed={closed}
            rating={ticket?.rating}
            ratingForm={ratingForm}
            sending={send.isPending}
            onSend={
              ticket?.canMessage
                ? (message) =>
                    send.mutateAsync(message).catch((error: unknown) => {
                      failed(errorMessage(error));
                      throw error;
                    })
                : undefined
            }
          />
        )
      }
      documents={
        <DocumentsList
          documents={files.data?.items}
          loading={files.isPending}
          error={files.isError ? files.error : undefined}
          onRetry={() => files.refetch()}
          closed={closed || !ticket}
          onAddFiles={(picked) => void addFiles(picked)}
          uploading={uploading}
          accept={DOCUMENT_ACCEPT}
        />
      }
      details={detailsTab}
    />
  );
}
