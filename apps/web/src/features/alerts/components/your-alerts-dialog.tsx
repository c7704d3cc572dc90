import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  ALERT_MESSAGES,
  htmlToText,
  NOTIFICATION_TITLE_CHARS,
  POPUP_DESCRIPTION_CHARS,
  truncate,
  type UserAlert,
} from '@portal/domain/alerts/alerts';
import { useEffect, useRef, useState } from 'react';
import { useDismissPopup } from '../api/alerts';

/**
 * 'Your Alerts' (spec 2): unseen alerts whose popup was not dismissed show on load and when new
 * ones arrive; 'Got It' dismisses them (they stay unread in the bell), 'View' opens one.
 */
export function YourAlertsDialog({
  alerts,
  onView,
  hidden = false,
  loaded = true,
  quietOnLoad = false,
}: {
  alerts: UserAlert[];
  onView: (id: number) => void;
  /** While the notifications drawer is open the popup steps aside. */
  hidden?: boolean;
  /** Whether `alerts` has been read from the server yet. */
  loaded?: boolean;
  /** Away from the home page, what was already waiting at load stays in the bell; new arrivals still pop up. */
  quietOnLoad?: boolean;
}) {
  const pending = alerts.filter((alert) => !alert.seen && !alert.popup_dismissed);
  const pendingKey = pending.map((alert) => alert.id).join(',');
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const dismiss = useDismissPopup();

  const settled = useRef(false);

  useEffect(() => {
    if (!loaded) return;
    if (!settled.current) {
      settled.current = true;
      if (quietOnLoad) {
        setClosedFor(pendingKey);
        return;
      }
    }
    // Opens for a set of alerts not yet closed: on load and whenever a new one arrives.
    if (pendingKey && pendingKey !== closedFor) setOpen(true);
  }, [loaded, quietOnLoad, pendingKey, closedFor]);

  const close = () => {
    setClosedFor(pendingKey);
    setOpen(false);
  };
  const gotIt = () => {
    if (pending.length) dismiss.mutate(pending.map((alert) => alert.id));
    close();
  };

  if (!open || hidden) return null;
  return (
    // Non-modal, in the corner: it must neither block nor hide (aria-hidden) the page the user came to.
    // alertdialog: not modal, and not one more 'dialog' for the page's own dialogs to be confused with.
    <Paper
      role="alertdialog"
      aria-labelledby="your-alerts-title"
      elevation={8}
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        // Above the app bar and drawers, below menus and modal dialogs (1300).
        zIndex: 1250,
        width: 'min(420px, calc(100vw - 32px))',
        maxHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
      }}
    >
      <DialogTitle id="your-alerts-title">Your Alerts</DialogTitle>
      <DialogContent dividers sx={{ overflowY: 'auto' }}>
        {pending.length ? (
          pending.slice(0, 5).map((alert) => (
            <Box key={alert.id} sx={{ py: 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2">{truncate(alert.title, NOTIFICATION_TITLE_CHARS)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {truncate(htmlToText(alert.description), POPUP_DESCRIPTION_CHARS)}
                </Typography>
              </Box>
              <Button
                size="small"
                onClick={() => {
                  close();
                  onView(alert.id);
                }}
              >
                View
              </Button>
            </Box>
          ))
        ) : (
          <Typography color="text.secondary">{ALERT_MESSAGES.allCaughtUp}</Typography>
        )}
        {pending.length > 5 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            and {pending.length - 5} more in the notifications.
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={gotIt}>
          Got It
        </Button>
      </DialogActions>
    </Paper>
  );
}
