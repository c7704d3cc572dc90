import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { APPROVAL_MESSAGES, isApprovalPanelShown } from '@portal/domain/approvals/approvals';
import { useState } from 'react';
import { useApproval } from '../api/approvals';
import { ApprovalPanel } from './approval-panel';

/**
 * The approval panel for a user known by id (the manage-user screen of a pending user): loads the
 * request and shows Approve / Decline / Delete when the admin may decide and the request is ready.
 * An approval whose e-mail did not go stays said after the request reloads as approved and the
 * buttons go (the admin must pass the agent code on by hand; spec 1 §4).
 */
export function PendingApprovalPanel({ userId }: { userId: number }) {
  const approval = useApproval(userId);
  const [emailFailed, setEmailFailed] = useState(false);
  const detail = approval.data;
  if (!detail) return null;
  const decidable = detail.canDecide && isApprovalPanelShown(detail);
  if (!decidable && !emailFailed) return null;
  return (
    <>
      {emailFailed ? (
        <Alert severity="error">
          <AlertTitle>{APPROVAL_MESSAGES.emailFailed}</AlertTitle>
          {detail.request.firstName} {detail.request.surname} is approved. Please let them know their agent code{' '}
          {detail.zCode} yourself.
        </Alert>
      ) : null}
      {decidable ? <ApprovalPanel detail={detail} onEmailFailed={() => setEmailFailed(true)} /> : null}
    </>
  );
}
