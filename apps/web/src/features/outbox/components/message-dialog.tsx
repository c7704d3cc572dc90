import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { OutboxMessage } from '@portal/domain/outbox/outbox';
import { useSnackbar } from 'notistack';
import { MOBILE_MEDIA } from '../../../app/theme';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import { CHANNEL_LABELS, ChannelChip } from './channel-chip';
import { DeliveryStatus } from './delivery-status';
import { LinkedText } from './linked-text';
import { findCodes, findLinks, toPlainText } from './message-text';

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ wordBreak: 'break-word' }}>{children}</Box>
    </Box>
  );
}

interface MessageDialogProps {
  message: OutboxMessage | null;
  onClose: () => void;
}

/** The whole message, readable and selectable, with its links and codes one click from the clipboard. */
export function MessageDialog({ message, onClose }: MessageDialogProps) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA);
  const { enqueueSnackbar } = useSnackbar();
  const copy = async (text: string, what: string) => {
    const copied = await copyText(text);
    enqueueSnackbar(copied ? `${what} copied` : `Could not copy ${what.toLowerCase()}`, {
      variant: copied ? 'success' : 'warning',
      autoHideDuration: 2000,
    });
  };
  const text = message ? toPlainText(message.body) : '';
  const links = findLinks(message ? `${text}\n${message.body}` : '');
  const codes = findCodes(text);

  return (
    <Dialog open={Boolean(message)} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      {message ? (
        <>
          <DialogTitle sx={{ pr: 3 }}>
            {message.subject || `${CHANNEL_LABELS[message.channel]} to ${message.recipient}`}
          </DialogTitle>
          <DialogContent dividers>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, auto)' },
                justifyContent: 'start',
                columnGap: 4,
                rowGap: 1.5,
                mb: 2.5,
              }}
            >
              <Meta label="Time">{formatDateTime(message.createdAt)}</Meta>
              <Meta label="Channel">
                <ChannelChip channel={message.channel} />
              </Meta>
              <Meta label="To">{message.recipient}</Meta>
              <Meta label="Status">
                <DeliveryStatus message={message} />
              </Meta>
              <Meta label="Attempts">{message.attempts}</Meta>
              {message.lastError ? <Meta label="Last error">{message.lastError}</Meta> : null}
            </Box>

            {codes.length > 0 || links.length > 0 ? (
              <Box sx={{ display: 'grid', gap: 1, mb: 2.5 }}>
                {codes.length > 0 ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 48 }}>
                      Codes
                    </Typography>
                    {codes.map((code) => (
                      <Chip
                        key={code}
                        label={code}
                        color="primary"
                        onClick={() => copy(code, 'Code')}
                        onDelete={() => copy(code, 'Code')}
                        deleteIcon={<ContentCopyRoundedIcon aria-label={`Copy code ${code}`} />}
                        sx={{ fontFamily: 'monospace', fontSize: 15, letterSpacing: '0.08em' }}
                      />
                    ))}
                  </Box>
                ) : null}
                {links.map((link) => (
                  <Box key={link} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 48 }}>
                      Link
                    </Typography>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<ContentCopyRoundedIcon />}
                      onClick={() => copy(link, 'Link')}
                      aria-label={`Copy link ${link}`}
                      sx={{ flexShrink: 0 }}
                    >
                      Copy
                    </Button>
                    <Typography variant="body2" noWrap title={link} sx={{ minWidth: 0 }}>
                      <LinkedText text={link} />
                    </Typography>
                  </Box>
                ))}
              </Box>
            ) : null}

            <Paper
              variant="outlined"
              sx={{
                p: 2,
                bgcolor: 'grey.50',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                fontSize: 14,
                lineHeight: 1.6,
                userSelect: 'text',
              }}
              aria-label="Message body"
            >
              <LinkedText text={text} />
            </Paper>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button startIcon={<ContentCopyRoundedIcon />} onClick={() => copy(text, 'Message')}>
              Copy message
            </Button>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
