import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { LeaderboardPanel } from '../features/orders/components/leaderboard-panel';
import { InsightsButton } from '../features/orders/components/user-insights-dialog';
import { SupplierCards } from '../features/suppliers/components/supplier-cards';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { access } from './access';

/**
 * '/': the dashboard with the suppliers feature's cards and the orders feature's leaderboard and
 * Insights (none of them in the waiting state).
 */
export function DashboardRoute() {
  const user = useSignedInUser();
  return (
    <DashboardPage
      suppliers={access.notWaiting(user) ? <SupplierCards /> : null}
      leaderboard={access.leaderboard(user) ? <LeaderboardPanel /> : null}
      insights={access.insights(user) ? <InsightsButton /> : null}
    />
  );
}
