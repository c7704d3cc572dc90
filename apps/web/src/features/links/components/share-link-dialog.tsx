import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { LINK_COPIED_RESET_MS, LINK_MESSAGES, type SupplierLink } from '@portal/domain/links/supplier-links';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { useLinkAddress } from '../api/supplier-links';

interface ShareLinkDialogProps {
  /** The link to share; none: closed. */
  link: SupplierLink | null;
  onClose: () => void;
}

/**
 * 'Share Link' (spec 2 "Supplier Links tab"): the link built for the signed-in dealer, their own
 * dealer code in it, to copy; 'Link copied to clipboard!' shows and resets after 2 s.
 */
export function ShareLinkDialog({ link, onClose }: ShareLinkDialogProps) {
  const titleId = useId();
  const address = useLinkAddress(link?.id);
  const [copied, setCopied] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LINK_COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another link starts afresh
  useEffect(() => {
    setCopied(false);
    setCopyFailed(false);
  }, [link?.id]);

  const copy = async () => {
    if (!address.data) return;
    const ok = await copyText(address.data.address);
    setCopyFailed(!ok);
    setCopied(ok);
  };

  return (
    <Dialog open={link !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Share Link</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>Copy the link to {link?.name} and share it.</DialogContentText>
        {address.isError ? (
          <Alert severity="error">{errorMessage(address.error)}</Alert>
        ) : (
          <TextField
            label="Link"
            value={address.data?.address ?? 'Loading link...'}
            fullWidth
            multiline
            slotProps={{
              htmlInput: { readOnly: true, 'aria-readonly': true },
              input: { sx: { fontFamily: 'monospace' } },
            }}
            onFocus={(event) => event.target.select()}
          />
        )}
        {copyFailed ? (
          <Alert severity="warning">Copying is not available here: select the link and copy it.</Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Tooltip
          title={copied ? LINK_MESSAGES.copied : 'Copy to clipboard'}
          open={copied || hovered}
          onOpen={() => setHovered(true)}
          onClose={() => setHovered(false)}
          placement="top"
          arrow
        >
          <span>
            <Button variant="contained" startIcon={<ContentCopyRoundedIcon />} disabled={!address.data} onClick={copy}>
              Copy
            </Button>
          </span>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
}
