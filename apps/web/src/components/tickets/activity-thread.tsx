import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@portal/domain/platform/format';
import type { TicketActivity, TicketPerson, Rating as TicketRating } from '@portal/domain/tickets/tickets';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LoadErrorAlert } from '../load-error-alert';

/**
 * One entry of a ticket's activity, whichever kind of ticket: admin and user are messages,
 * internal an admin-only note, update a ticket update notice.
 */
export type ThreadActivity = Pick<TicketActivity, 'id' | 'type' | 'text' | 'createdAt'> & {
  author?: Pick<TicketPerson, 'code' | 'firstName'> | null;
};

/** How a dealer's message is signed: their dealer code and first name. */
export const authorLabel = (author: ThreadActivity['author']) =>
  author ? `${author.code} ${author.firstName}`.trim() : null;

export const THREAD_TEXTS = {
  empty: 'No activity to display',
  update: 'Ticket Update',
  internal: 'Internal note',
  closedAdmin: 'This ticket is closed.',
  closedUnrated:
    'This ticket is closed. Please rate the service you received, or create a new ticket if you still need help.',
  messageLabel: 'Message',
  send: 'Send',
  internalToggle: 'Internal',
  internalHint: 'Internal note: only the helpdesk sees it.',
} as const;

/** The closed, rated ticket's line: "This ticket is closed and was rated 4/5." */
export const closedRatedText = (star: number) => `This ticket is closed and was rated ${star}/5.`;

export interface ActivityThreadProps {
  activities: readonly ThreadActivity[] | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Admins see internal notes; their own messages are the ones on the right. */
  viewerIsAdmin: boolean;
  /** A closed ticket takes no messages (spec 2 §4). */
  closed: boolean;
  rating?: TicketRating | null;
  /** The embedded rating form a dealer gets on a closed, unrated ticket. */
  ratingForm?: ReactNode;
  /** Sends a message; resolves when it was saved (the box is then emptied). */
  onSend?: (message: { text: string; internal: boolean }) => Promise<unknown>;
  sending?: boolean;
  /** Offer the Internal toggle (admins). */
  allowInternal?: boolean;
  /**
   * The message box's text, when the page holds it (e.g. to put a canned reply into it, or to
   * keep a draft across tabs); without it the box keeps its own text.
   */
  draft?: string;
  onDraftChange?: (text: string) => void;
  /** Extra buttons beside Send, such as the helpdesk's Canned Reply menu; they sit under the box. */
  composerActions?: ReactNode;
}

function Bubble({ activity }: { activity: ThreadActivity }) {
  if (activity.type === 'update') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center' }} data-activity="update">
        <Paper
          variant="outlined"
          sx={{ px: 2, py: 1, maxWidth: '90%', textAlign: 'center', bgcolor: 'action.hover', borderStyle: 'dashed' }}
        >
          <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
            {THREAD_TEXTS.update}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {activity.text}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(activity.createdAt)}
          </Typography>
        </Paper>
      </Box>
    );
  }
  const fromAdmin = activity.type !== 'user';
  const internal = activity.type === 'internal';
  return (
    <Box sx={{ display: 'flex', justifyContent: fromAdmin ? 'flex-end' : 'flex-start' }} data-activity={activity.type}>
      <Box sx={{ maxWidth: { xs: '88%', sm: '75%' } }}>
        {!fromAdmin && activity.author ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', ml: 1 }}>
            {authorLabel(activity.author)}
          </Typography>
        ) : null}
        {internal ? (
          <Typography variant="caption" sx={{ display: 'block', mr: 1, textAlign: 'right', color: 'warning.main' }}>
            {THREAD_TEXTS.internal}
          </Typography>
        ) : null}
        <Paper
          elevation={0}
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            bgcolor: internal ? '#fff8e6' : fromAdmin ? 'primary.main' : 'background.paper',
            color: fromAdmin && !internal ? 'primary.contrastText' : 'text.primary',
            border: fromAdmin && !internal ? 0 : 1,
            borderColor: internal ? 'warning.main' : 'divider',
            borderStyle: internal ? 'dashed' : 'solid',
          }}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {activity.text}
          </Typography>
        </Paper>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mx: 1, textAlign: fromAdmin ? 'right' : 'left' }}
        >
          {formatDateTime(activity.createdAt)}
        </Typography>
      </Box>
    </Box>
  );
}

type ComposerProps = Pick<ActivityThreadProps, 'draft' | 'onDraftChange' | 'composerActions'> & {
  onSend: NonNullable<ActivityThreadProps['onSend']>;
  sending: boolean;
  allowInternal: boolean;
};

function Composer({ onSend, sending, allowInternal, draft, onDraftChange, composerActions }: ComposerProps) {
  const [ownText, setOwnText] = useState('');
  const [internal, setInternal] = useState(false);
  const controlled = draft !== undefined;
  const text = controlled ? draft : ownText;
  const setText = (next: string) => (controlled ? onDraftChange?.(next) : setOwnText(next));
  const asNote = allowInternal && internal;
  // With extra actions the box takes the whole width and the buttons go on a row under it.
  const stacked = composerActions !== undefined;
  const send = () => {
    const message = text.trim();
    if (!message || sending) return;
    onSend({ text: message, internal: asNote }).then(
      () => setText(''),
      // the caller reports the failure; the text stays to send again
      () => undefined,
    );
  };
  return (
    <Box
      component="form"
      noValidate
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={
        stacked
          ? { display: 'grid', gap: 1 }
          : { display: 'flex', gap: 1, alignItems: 'flex-end', flexWrap: { xs: 'wrap', sm: 'nowrap' } }
      }
    >
      <TextField
        label={THREAD_TEXTS.messageLabel}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
        multiline
        minRows={stacked ? 2 : undefined}
        maxRows={stacked ? 6 : 4}
        fullWidth
        size="small"
        disabled={sending}
        sx={asNote ? { '& .MuiOutlinedInput-root': { bgcolor: '#fff8e6' } } : undefined}
        helperText={asNote ? THREAD_TEXTS.internalHint : allowInternal ? ' ' : undefined}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {composerActions}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
          {allowInternal ? (
            <FormControlLabel
              control={<Switch checked={internal} onChange={(event) => setInternal(event.target.checked)} />}
              label={THREAD_TEXTS.internalToggle}
              sx={{ mr: 0 }}
            />
          ) : null}
          <Button
            type="submit"
            variant="contained"
            endIcon={<SendRoundedIcon />}
            disabled={!text.trim()}
            loading={sending}
          >
            {THREAD_TEXTS.send}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

function ClosedFooter({
  viewerIsAdmin,
  rating,
  ratingForm,
}: Pick<ActivityThreadProps, 'viewerIsAdmin' | 'rating' | 'ratingForm'>) {
  if (rating) {
    return (
      <Alert severity="info" icon={false}>
        <Typography variant="body2">{closedRatedText(rating.star)}</Typography>
        <Rating value={rating.star} readOnly size="small" aria-label={`${rating.star} out of 5 stars`} />
        {rating.comment ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            {rating.comment}
          </Typography>
        ) : null}
      </Alert>
    );
  }
  if (viewerIsAdmin) return <Alert severity="info">{THREAD_TEXTS.closedAdmin}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">{THREAD_TEXTS.closedUnrated}</Typography>
      {ratingForm}
    </Paper>
  );
}

/**
 * A ticket's Activity tab (spec 2 "Agent Support tab"): admin messages on the right, the dealer's
 * on the left under their dealer code and first name, update notices centred, internal notes for
 * admins only; a Message box with Send while the ticket is open, and the closed states after.
 * Takes its data and callbacks from the page: the dealer side and the admin console share it.
 */
export function ActivityThread({
  activities,
  loading = false,
  error,
  onRetry,
  viewerIsAdmin,
  closed,
  rating,
  ratingForm,
  onSend,
  sending = false,
  allowInternal = false,
  draft,
  onDraftChange,
  composerActions,
}: ActivityThreadProps) {
  const shown = (activities ?? []).filter((activity) => viewerIsAdmin || activity.type !== 'internal');
  const endRef = useRef<HTMLDivElement>(null);
  const lastId = shown.at(-1)?.id;
  // The newest entry is in view when the thread opens and when a reply arrives.
  useEffect(() => {
    if (lastId !== undefined) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lastId]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        role="log"
        aria-label="Ticket activity"
        aria-live="polite"
        sx={{
          display: 'grid',
          gap: 1.5,
          alignContent: 'start',
          maxHeight: { xs: 'none', sm: 420 },
          minHeight: 120,
          overflowY: 'auto',
          p: 1,
          borderRadius: 1,
          bgcolor: 'background.default',
        }}
      >
        {error ? (
          <LoadErrorAlert error={error} onRetry={onRetry ?? (() => undefined)} />
        ) : loading && !activities ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading activity" />
          </Box>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            {THREAD_TEXTS.empty}
          </Typography>
        ) : (
          shown.map((activity) => <Bubble key={activity.id} activity={activity} />)
        )}
        <div ref={endRef} />
      </Box>
      {closed ? (
        <ClosedFooter viewerIsAdmin={viewerIsAdmin} rating={rating} ratingForm={ratingForm} />
      ) : onSend ? (
        <Composer
          onSend={onSend}
          sending={sending}
          allowInternal={allowInternal}
          draft={draft}
          onDraftChange={onDraftChange}
          composerActions={composerActions}
        />
      ) : null}
    </Box>
  );
}
