import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';

interface Props {
  title: string;
  url: string | null;
  open: boolean;
  onClose: () => void;
}

/** View ID Photo / View Headshot (admins): the stored image, or a download link for a PDF. */
export function PhotoDialog({ title, url, open, onClose }: Props) {
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    if (open) setUnreadable(false);
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="photo-title">
      <DialogTitle id="photo-title">{title}</DialogTitle>
      <DialogContent>
        {!url ? (
          <Alert severity="info">No file has been uploaded.</Alert>
        ) : unreadable ? (
          <Alert severity="info">This file cannot be shown here; download it to open it.</Alert>
        ) : (
          <Box
            component="img"
            src={url}
            alt={title}
            onError={() => setUnreadable(true)}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto', borderRadius: 2 }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {url ? (
          <Button component="a" href={url} download>
            Download
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
