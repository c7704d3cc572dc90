import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { LeaderboardPanel } from '../features/orders/components/leaderboard-panel';
import { InsightsButton } from '../features/orders/components/user-insights-dialog';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { access } from './access';

/** '/': the dashboard with the orders feature's leaderboard and Insights (not in the waiting state). */
export function DashboardRoute() {
  const user = useSignedInUser();
  return (
    <DashboardPage
      leaderboard={access.leaderboard(user) ? <LeaderboardPanel /> : null}
      insights={access.insights(user) ? <InsightsButton /> : null}
    />
  );
}
