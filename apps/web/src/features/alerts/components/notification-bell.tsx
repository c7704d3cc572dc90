import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import NotificationsRoundedIcon from '@mui/icons-material/NotificationsRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ALERT_MESSAGES, NOTIFICATION_TITLE_CHARS, truncate, type UserAlert } from '@portal/domain/alerts/alerts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useInbox, useLiveAlerts, useMarkAlert, useMarkAllRead, useUnreadCount } from '../api/alerts';
import { AlertHtml, AlertImage } from './alert-html';
import { YourAlertsDialog } from './your-alerts-dialog';

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
}

function AlertDetail({ alert, userId, onBack }: { alert: UserAlert; userId: number; onBack: () => void }) {
  const mark = useMarkAlert(userId);
  return (
    <Box sx={{ p: 2 }}>
      <Button startIcon={<ArrowBackRoundedIcon />} onClick={onBack} size="small" sx={{ mb: 1 }}>
        Back
      </Button>
      <Typography variant="h6" component="h3">
        {alert.title}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {when(alert.created_at)}
      </Typography>
      <AlertImage fileId={alert.image} alt={alert.title} />
      <AlertHtml html={alert.description} sx={{ my: 1 }} />
      <Button
        variant="outlined"
        disabled={mark.isPending}
        onClick={() => mark.mutate({ alertId: alert.id, seen: !alert.seen })}
      >
        {alert.seen ? 'Mark as unread' : 'Mark as read'}
      </Button>
      {mark.isError ? (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {ALERT_MESSAGES.markRead}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The notification bell (spec 2 "Alerts and notifications"): unread badge, a drawer with
 * 'Unread (n)' / 'All Notifications', 'Mark all as read' and a detail view; the 'Your Alerts'
 * dialog on load. Not rendered for waiting users (the shell decides).
 */
export function NotificationBell({ userId, color = 'default' }: { userId: number; color?: 'inherit' | 'default' }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [tab, setTab] = useState<'unread' | 'all'>('unread');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  useLiveAlerts(true);
  const unread = useUnreadCount(true);
  const inbox = useInbox(userId, true, open);
  const markAll = useMarkAllRead();
  const alerts = inbox.data ?? [];
  const unreadAlerts = alerts.filter((alert) => !alert.seen);
  const shown = tab === 'unread' ? unreadAlerts : alerts;
  const selected = alerts.find((alert) => alert.id === selectedId) ?? null;
  const count = unread.data?.count ?? unreadAlerts.length;

  return (
    <>
      <IconButton
        color={color}
        aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
        onClick={() => setOpen(true)}
      >
        <Badge badgeContent={count} color="error" max={99} data-testid="unread-badge">
          <NotificationsRoundedIcon />
        </Badge>
      </IconButton>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 400 } }, 'aria-label': 'Notifications' } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Notifications
          </Typography>
          <IconButton aria-label="Close notifications" onClick={() => setOpen(false)}>
            <CloseRoundedIcon />
          </IconButton>
        </Box>
        {selected ? (
          <AlertDetail alert={selected} userId={userId} onBack={() => setSelectedId(null)} />
        ) : (
          <>
            <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="fullWidth">
              <Tab value="unread" label={`Unread (${unreadAlerts.length})`} />
              <Tab value="all" label="All Notifications" />
            </Tabs>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
              <Button
                size="small"
                disabled={!unreadAlerts.length || markAll.isPending}
                onClick={() => markAll.mutate()}
              >
                Mark all as read
              </Button>
            </Box>
            <Divider />
            {inbox.isError ? (
              <Typography color="error" sx={{ p: 2 }}>
                {ALERT_MESSAGES.fetchAlertsForUser}
              </Typography>
            ) : null}
            {!inbox.isPending && !shown.length ? (
              <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                {tab === 'unread' ? ALERT_MESSAGES.allCaughtUp : ALERT_MESSAGES.noneFound}
              </Typography>
            ) : null}
            <List disablePadding>
              {shown.map((alert) => (
                <ListItemButton key={alert.id} onClick={() => setSelectedId(alert.id)} divider>
                  <ListItemText
                    primary={truncate(alert.title, NOTIFICATION_TITLE_CHARS)}
                    secondary={when(alert.created_at)}
                    slotProps={{ primary: { sx: { fontWeight: alert.seen ? 400 : 700 } } }}
                  />
                  {!alert.seen ? (
                    <Box
                      aria-label="Unread"
                      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', ml: 1 }}
                    />
                  ) : null}
                </ListItemButton>
              ))}
            </List>
          </>
        )}
      </Drawer>
      <YourAlertsDialog
        alerts={alerts}
        hidden={open}
        loaded={inbox.isSuccess}
        quietOnLoad={pathname !== '/'}
        onView={(id) => {
          setSelectedId(id);
          setOpen(true);
        }}
      />
    </>
  );
}
