import { FinanceApplicationsCard } from '../features/finance/components/finance-applications-card';
import { UserDetailPage } from '../features/people/pages/user-detail-page';

/** '/user-detail/{dealerId}': the people feature's page with the finance feature's card handed in. */
export function UserDetailRoute() {
  return <UserDetailPage financePanel={FinanceApplicationsCard} />;
}
