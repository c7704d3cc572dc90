import { PendingApprovalPanel } from '../features/approvals/components/pending-approval-panel';
import { ManageUserPage } from '../features/people/pages/manage-user-page';

/** '/manage-user/{id}': the people feature's screen with the approvals feature's panel handed in. */
export function ManageUserRoute() {
  return <ManageUserPage approvalPanel={PendingApprovalPanel} />;
}
