import { PendingApprovalPanel } from '../features/approvals/components/pending-approval-panel';
import { DealerContractsCard } from '../features/contracts/components/dealer-contracts-dialog';
import { ManageUserPage } from '../features/people/pages/manage-user-page';

/** '/manage-user/{id}': the people feature's screen with the approvals panel and the contracts card handed in. */
export function ManageUserRoute() {
  return <ManageUserPage approvalPanel={PendingApprovalPanel} contractsCard={DealerContractsCard} />;
}
