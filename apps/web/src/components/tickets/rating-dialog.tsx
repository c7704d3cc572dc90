import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useIsMobile } from '../../lib/use-is-mobile';
import { RatingForm, type TicketRating } from './rating';

interface RatingDialogProps {
  open: boolean;
  /** The ticket's number, e.g. ZSA-000123, in the title. */
  ticketNumber: string;
  submitting?: boolean;
  onSubmit: (rating: TicketRating) => void;
  onClose: () => void;
}

/** 'Rate service' on a closed ticket: 1–5 stars and an optional comment. */
export function RatingDialog({ open, ticketNumber, submitting = false, onSubmit, onClose }: RatingDialogProps) {
  const isMobile = useIsMobile();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={isMobile}
      aria-labelledby="rating-dialog-title"
    >
      <DialogTitle id="rating-dialog-title">Rate Service: {ticketNumber}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        {open ? <RatingForm onSubmit={onSubmit} onCancel={onClose} submitting={submitting} /> : null}
      </DialogContent>
    </Dialog>
  );
}
