import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { PhotoUpload } from '../../../components/photo-upload';

interface BannerDialogProps {
  open: boolean;
  /** The banner's address now ('/api/files/{id}'), or ''. */
  current: string;
  saving?: boolean;
  onClose: () => void;
  /** The uploaded image's address. */
  onSave: (address: string) => void;
}

/** 'Add Banner' (spec 3 §2.12): upload the supplier's banner image (JPEG or PNG). */
export function BannerDialog({ open, current, saving, onClose, onSave }: BannerDialogProps) {
  const [address, setAddress] = useState(current);
  useEffect(() => {
    if (open) setAddress(current);
  }, [open, current]);
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="banner-title">
      <DialogTitle id="banner-title">Add Banner</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          A wide image shown at the top of the supplier's pages. JPEG or PNG, up to 10 MB.
        </DialogContentText>
        <PhotoUpload label="Banner" purpose="supplier_banner" value={address} onChange={setAddress} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!address || address === current}
          loading={saving}
          onClick={() => onSave(address)}
        >
          Save Banner
        </Button>
      </DialogActions>
    </Dialog>
  );
}
