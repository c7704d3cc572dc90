import AddPhotoAlternateRoundedIcon from '@mui/icons-material/AddPhotoAlternateRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatLongDate } from '@portal/domain/platform/format';
import { SETTINGS_MESSAGES } from '@portal/domain/settings/settings';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PhotoUpload } from '../../../components/photo-upload';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAddBanner, useCurrentBanner } from '../api/settings';
import { BackToSettings } from '../components/back-to-settings';

/** 'Add Banner': upload an image to the 'dash' folder, then make it the banner. */
function AddBannerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const [address, setAddress] = useState('');
  const add = useAddBanner();
  const close = () => {
    setAddress('');
    add.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="add-banner-title"
    >
      <DialogTitle id="add-banner-title">Add Banner</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Typography variant="body2" color="text.secondary">
          A wide JPEG or PNG image works best; it replaces the banner on the dashboard.
        </Typography>
        <PhotoUpload
          label="Banner image"
          purpose="dash"
          value={address}
          onChange={setAddress}
          disabled={add.isPending}
        />
        {add.isError ? <Alert severity="error">{errorMessage(add.error)}</Alert> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={add.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!address}
          loading={add.isPending}
          onClick={() =>
            add.mutate(address, {
              onSuccess: () => {
                enqueueSnackbar(SETTINGS_MESSAGES.bannerAdded, { variant: 'success' });
                close();
              },
            })
          }
        >
          Save Banner
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** '/settings/banner' (spec 3 §2.1): the current (newest) dashboard banner and 'Add Banner'. */
export function BannerPage() {
  useDocumentTitle('Banner');
  const current = useCurrentBanner();
  const [adding, setAdding] = useState(false);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <BackToSettings />
      <PageHeader
        title="Banner"
        subtitle="The banner image shown on the dashboard"
        actions={
          <Button variant="contained" startIcon={<AddPhotoAlternateRoundedIcon />} onClick={() => setAdding(true)}>
            Add Banner
          </Button>
        }
      />
      {current.isPending ? (
        <PageLoader label="Loading the banner…" />
      ) : current.isError ? (
        <LoadErrorAlert error={current.error} onRetry={() => void current.refetch()} />
      ) : current.data.banner ? (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
          <Box
            component="img"
            src={current.data.banner.url}
            alt="Current dashboard banner"
            sx={{ width: '100%', maxHeight: 320, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.50' }}
          />
          <Typography variant="body2" color="text.secondary">
            Added {formatLongDate(current.data.banner.createdAt)}
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">No banner yet. Add one to show it on the dashboard.</Typography>
        </Paper>
      )}
      <AddBannerDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
