import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import bannerUrl from '../../assets/banner.svg';
import { PageLoader } from '../../components/page-loader';
import { NotificationBell } from '../../features/alerts/components/notification-bell';
import { useIsMobile } from '../../lib/use-is-mobile';
import { showsNotificationBell } from '../access';
import { ErrorBoundary } from '../error-boundary';
import { useLiveSession } from '../live-session';
import { CONTENT_MAX_WIDTH, DRAWER_WIDTH } from '../theme';
import { BrandMark } from './brand-mark';
import { DrawerContent } from './drawer-content';
import { UniversityWarning, WaitingBanner } from './status-banners';

/**
 * The signed-in frame (spec 1 §2.2): side menu, banner on narrow screens, content up to 1450 px,
 * the waiting-state and university banners above every page, and the live session.
 */
export function AppShell({ user }: { user: CurrentUser }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const location = useLocation();
  useLiveSession();
  const withBell = showsNotificationBell(user);
  const drawerPaper = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const, borderRight: '1px solid #e3e8f2' };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {isMobile ? (
        <AppBar position="fixed" color="primary" elevation={0}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={() => setOpen(true)}>
              <MenuRoundedIcon />
            </IconButton>
            <BrandMark inverse />
            {withBell ? (
              <Box sx={{ ml: 'auto' }}>
                <NotificationBell userId={user.id} color="inherit" />
              </Box>
            ) : null}
          </Toolbar>
        </AppBar>
      ) : null}

      <Box component="nav" aria-label="Side menu" sx={{ width: isMobile ? 0 : DRAWER_WIDTH, flexShrink: 0 }}>
        {isMobile ? (
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            keepMounted
            slotProps={{ paper: { sx: drawerPaper } }}
          >
            <DrawerContent user={user} onNavigate={() => setOpen(false)} />
          </Drawer>
        ) : (
          <Drawer variant="permanent" open slotProps={{ paper: { sx: drawerPaper } }}>
            <DrawerContent user={user} />
          </Drawer>
        )}
      </Box>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isMobile ? <Toolbar /> : null}
        {withBell && !isMobile ? (
          // A slim bar of its own, so the bell never covers a page's own actions at the top right.
          <Box
            component="header"
            sx={{
              position: 'sticky',
              top: 0,
              zIndex: 1100,
              display: 'flex',
              justifyContent: 'flex-end',
              px: { sm: 3, md: 4 },
              py: 1,
              // Solid, not a backdrop filter: a filter would become the containing block of the
              // bell's fixed-position 'Your Alerts' popup and pull it up into this bar.
              bgcolor: 'background.default',
            }}
          >
            <Box sx={{ bgcolor: 'background.paper', borderRadius: '50%', boxShadow: 1 }}>
              <NotificationBell userId={user.id} />
            </Box>
          </Box>
        ) : null}
        <Box sx={{ position: 'sticky', top: isMobile ? 56 : 0, zIndex: 2, height: 0 }}>
          {navigation.state === 'loading' ? (
            <LinearProgress aria-label="Loading page" sx={{ position: 'absolute', inset: '0 0 auto 0', height: 3 }} />
          ) : null}
        </Box>
        {isMobile ? (
          <Box
            component="img"
            src={bannerUrl}
            alt=""
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: 110, sm: 150 },
              objectFit: 'cover',
              objectPosition: 'left center',
            }}
          />
        ) : null}
        <Box
          sx={{
            width: '100%',
            maxWidth: CONTENT_MAX_WIDTH,
            mx: 'auto',
            px: { xs: 2, sm: 3, md: 4 },
            pt: { xs: 2.5, md: withBell && !isMobile ? 1 : 4 },
            pb: { xs: 2.5, md: 4 },
          }}
        >
          <WaitingBanner user={user} />
          <UniversityWarning user={user} />
          <ErrorBoundary key={location.pathname} fullPage={false}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}
