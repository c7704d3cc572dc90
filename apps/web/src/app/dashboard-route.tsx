import AssignmentRoundedIcon from '@mui/icons-material/AssignmentRounded';
import LocalShippingRoundedIcon from '@mui/icons-material/LocalShippingRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { LeaderboardPanel } from '../features/orders/components/leaderboard-panel';
import { InsightsButton } from '../features/orders/components/user-insights-dialog';
import { DashboardBanner } from '../features/settings/components/dashboard-banner';
import { SupplierCards } from '../features/suppliers/components/supplier-cards';
import { paths } from '../lib/paths';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { access } from './access';

/**
 * '/': the dashboard with other features' parts: the banner, the supplier cards, the leaderboard,
 * the dealer's own lists and, for leaders and admins, Insights. None of them in the waiting state.
 */
export function DashboardRoute() {
  const user = useSignedInUser();
  const active = access.notWaiting(user);
  return (
    <DashboardPage
      banner={active ? <DashboardBanner /> : null}
      suppliers={active ? <SupplierCards /> : null}
      leaderboard={access.leaderboard(user) ? <LeaderboardPanel /> : null}
      actions={
        active ? (
          <>
            <Button component={RouterLink} to={paths.leadManagement} startIcon={<AssignmentRoundedIcon />}>
              Lead Management
            </Button>
            <Button component={RouterLink} to={paths.activeOrders} startIcon={<LocalShippingRoundedIcon />}>
              Active Orders
            </Button>
            {access.insights(user) ? <InsightsButton /> : null}
          </>
        ) : null
      }
    />
  );
}
