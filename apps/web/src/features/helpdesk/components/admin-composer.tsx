import QuickreplyRoundedIcon from '@mui/icons-material/QuickreplyRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TicketKind } from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { fetchFilledReply, useCannedReplies, useSendMessage } from '../api/helpdesk';

/**
 * The helpdesk's message box: a reply to the dealer or, with Internal on, a note only admins see;
 * 'Canned Reply' puts a ready answer, filled in for this ticket, into the box to edit before sending.
 */
export function AdminComposer({ kind, ticketId }: { kind: TicketKind; ticketId: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [filling, setFilling] = useState(false);
  const canned = useCannedReplies(kind);
  const send = useSendMessage(kind, ticketId);
  const replies = (canned.data?.items ?? []).filter((reply) => reply.isActive);

  const submit = () => {
    const message = text.trim();
    if (!message || send.isPending) return;
    send.mutate(
      { text: message, internal },
      {
        onSuccess: () => setText(''),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error', autoHideDuration: 4000 }),
      },
    );
  };

  const insert = async (replyId: number) => {
    setMenu(null);
    setFilling(true);
    try {
      const filled = await fetchFilledReply(kind, ticketId, replyId);
      setText((current) => (current.trim() ? `${current.trimEnd()}\n${filled.text}` : filled.text));
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setFilling(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        label="Message"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            submit();
          }
        }}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        size="small"
        disabled={send.isPending}
        sx={internal ? { '& .MuiOutlinedInput-root': { bgcolor: '#fff8e6' } } : undefined}
        helperText={internal ? 'Internal note: only the helpdesk sees it.' : ' '}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<QuickreplyRoundedIcon />}
          onClick={(event) => setMenu(event.currentTarget)}
          loading={filling}
          aria-haspopup="menu"
        >
          Canned Reply
        </Button>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          {replies.length === 0 ? (
            <MenuItem disabled>{canned.isPending ? 'Loading...' : 'No canned replies yet'}</MenuItem>
          ) : (
            replies.map((reply) => (
              <MenuItem key={reply.id} onClick={() => void insert(reply.id)} sx={{ maxWidth: 360 }}>
                <ListItemText
                  primary={reply.title}
                  secondary={reply.body}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </MenuItem>
            ))
          )}
        </Menu>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
          <FormControlLabel
            control={<Switch checked={internal} onChange={(event) => setInternal(event.target.checked)} />}
            label="Internal"
            sx={{ mr: 0 }}
          />
          <Button
            type="submit"
            variant="contained"
            endIcon={<SendRoundedIcon />}
            disabled={!text.trim()}
            loading={send.isPending}
          >
            Send
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
