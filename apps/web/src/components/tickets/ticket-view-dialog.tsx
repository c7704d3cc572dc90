import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useEffect, useState } from 'react';
import { useIsMobile } from '../../lib/use-is-mobile';

export type TicketViewTab = 'activity' | 'documents' | 'details';

const LABELS: Record<TicketViewTab, string> = { activity: 'Activity', documents: 'Documents', details: 'Details' };

interface TicketViewDialogProps {
  open: boolean;
  onClose: () => void;
  /** e.g. "ZAA123" and the status chip. */
  title: ReactNode;
  activity: ReactNode;
  documents: ReactNode;
  details: ReactNode;
  /** Marks the Activity tab while it has unread entries. */
  unread?: boolean;
  /** The tab it opens on (e.g. Documents for 'Upload'). */
  initialTab?: TicketViewTab;
}

/** The ticket view: Activity, Documents and Details tabs in a modal, full screen on phones. */
export function TicketViewDialog({
  open,
  onClose,
  title,
  activity,
  documents,
  details,
  unread,
  initialTab = 'activity',
}: TicketViewDialogProps) {
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<TicketViewTab>(initialTab);
  // Each opening starts on the tab asked for.
  useEffect(() => {
    if (open) setTab(initialTab);
  }, [open, initialTab]);
  const content = { activity, documents, details }[tab];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isMobile}
      aria-labelledby="ticket-view-title"
    >
      <DialogTitle id="ticket-view-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 7 }}>
        {title}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, value: TicketViewTab) => setTab(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}
        aria-label="Ticket"
      >
        {(Object.keys(LABELS) as TicketViewTab[]).map((key) => (
          <Tab
            key={key}
            value={key}
            id={`ticket-tab-${key}`}
            aria-controls={`ticket-panel-${key}`}
            label={
              key === 'activity' && unread ? (
                <Badge color="error" variant="dot">
                  <Box component="span" sx={{ pr: 0.5 }}>
                    {LABELS[key]}
                  </Box>
                </Badge>
              ) : (
                LABELS[key]
              )
            }
          />
        ))}
      </Tabs>
      <DialogContent>
        <Box role="tabpanel" id={`ticket-panel-${tab}`} aria-labelledby={`ticket-tab-${tab}`} sx={{ pt: 1 }}>
          {content}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
