import QuickreplyRoundedIcon from '@mui/icons-material/QuickreplyRounded';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TicketKind } from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { fetchFilledReply, useCannedReplies } from '../api/helpdesk';

/**
 * 'Canned Reply' beside the message box: picks an active reply, has the server fill it in for
 * this ticket, and hands the text over to be put into the box and edited before sending.
 */
export function CannedReplyMenu({
  kind,
  ticketId,
  onInsert,
  disabled = false,
}: {
  kind: TicketKind;
  ticketId: number;
  onInsert: (text: string) => void;
  disabled?: boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filling, setFilling] = useState(false);
  const canned = useCannedReplies(kind);
  const replies = (canned.data?.items ?? []).filter((reply) => reply.isActive);

  const insert = async (replyId: number) => {
    setAnchor(null);
    setFilling(true);
    try {
      const filled = await fetchFilledReply(kind, ticketId, replyId);
      onInsert(filled.text);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setFilling(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<QuickreplyRoundedIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        loading={filling}
        disabled={disabled}
        aria-haspopup="menu"
      >
        Canned Reply
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {replies.length === 0 ? (
          <MenuItem disabled>{canned.isPending ? 'Loading...' : 'No canned replies yet'}</MenuItem>
        ) : (
          replies.map((reply) => (
            <MenuItem key={reply.id} onClick={() => void insert(reply.id)} sx={{ maxWidth: 360 }}>
              <ListItemText primary={reply.title} secondary={reply.body} slotProps={{ secondary: { noWrap: true } }} />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
