import PersonOffRoundedIcon from '@mui/icons-material/PersonOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MANAGE_USER_MESSAGES, type StatusAction } from '@portal/domain/people/manage-user';
import { LIFECYCLE, type UserDetail } from '@portal/domain/people/user-detail';
import { type ComponentType, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { StepUpDialog, stepUpRefusal } from '../../../components/step-up-dialog';
import { fullName } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useChangeStatus } from '../api/manage-user';
import { parseDealerId, useUserDetail } from '../api/user-detail';
import { ChangeManagerDialog } from '../components/change-manager-dialog';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { ChangeUserTypeDialog } from '../components/change-user-type-dialog';
import { DealerInformationCard } from '../components/dealer-information-card';
import { EditUserDialog } from '../components/edit-user-dialog';
import { LoadFailure } from '../components/load-failure';
import { ManageUserHeader } from '../components/manage-user-header';
import { useNotify } from '../components/notify';
import { PhotoDialog } from '../components/photo-dialog';
import { HierarchyCard, type ManageDialog, QuickActionsCard, UserStatusCard } from '../components/side-cards';
import { UserLinksDialog } from '../components/user-links-dialog';

/** The manage-user screen: another user's profile as an admin or leader sees it (spec 1 §2.11). */
/** A request not yet approved: pending, or declined and waiting for a resubmission or deletion. */
const UNDECIDED = new Set<number>([LIFECYCLE.pending, LIFECYCLE.declined]);

export const STATUS_PASSWORD_HELP = "Your own password. Needed to change a user's status";

/**
 * The status actions' prompts. Only an active Trainer is paid the leader commission on their
 * team's sales, so each asks for the admin's own password (step-up, decision 076).
 */
const STATUS_PROMPTS: Record<
  StatusAction,
  {
    title: (user: UserDetail) => string;
    text: (user: UserDetail) => string;
    confirmLabel: string;
    color: 'warning' | 'success' | 'error';
  }
> = {
  deactivate: {
    title: (user) => `Mark ${user.zCode} as inactive?`,
    text: (user) => `${fullName(user)} will be marked as inactive.`,
    confirmLabel: 'Mark As Inactive',
    color: 'warning',
  },
  reactivate: {
    title: (user) => `Reactivate ${user.zCode}?`,
    text: (user) => `${fullName(user)} will be active again.`,
    confirmLabel: 'Reactivate User',
    color: 'success',
  },
  delete: {
    title: (user) => `Delete ${user.zCode}?`,
    text: (user) => `${fullName(user)} will be marked as deleted and hidden from structure lists.`,
    confirmLabel: 'Delete',
    color: 'error',
  },
};

const isStatusAction = (dialog: ManageDialog | null): dialog is StatusAction =>
  dialog === 'deactivate' || dialog === 'reactivate' || dialog === 'delete';

/**
 * `approvalPanel`: the approvals feature's Approve / Decline / Delete panel, handed in by the router
 * (features do not import each other); shown to admins while the user's request is undecided.
 */
export function ManageUserPage({
  approvalPanel: ApprovalPanel,
  contractsCard: ContractsCard,
}: {
  approvalPanel?: ComponentType<{ userId: number }>;
  /** The contracts feature's Dealer Contracts card (admins who manage the user; spec 1 §2.11). */
  contractsCard?: ComponentType<{ person: Pick<UserDetail, 'id' | 'zCode' | 'firstName' | 'surname' | 'email'> }>;
}) {
  const viewer = useSignedInUser();
  const { dealerId } = useParams();
  const id = parseDealerId(dealerId);
  const navigate = useNavigate();
  const detail = useUserDetail(id);
  const status = useChangeStatus(id ?? 0);
  const notify = useNotify();
  const [dialog, setDialog] = useState<ManageDialog | null>(null);
  const [approvalShownFor, setApprovalShownFor] = useState<number | null>(null);
  const user = detail.data;
  useDocumentTitle(user ? `Manage ${user.zCode}: ${fullName(user)}` : 'Manage user');

  if (id === undefined) return <LoadFailure invalidId />;
  if (detail.isPending) return <PageLoader label="Loading user…" />;
  if (detail.isError || !user) return <LoadFailure error={detail.error} />;
  if (!user.phone) {
    return (
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: 4, textAlign: 'center' }}>
          <PersonOffRoundedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {MANAGE_USER_MESSAGES.userDoesNotExist}
          </Typography>
          <Button variant="outlined" onClick={() => navigate(-1)}>
            Back
          </Button>
        </CardContent>
      </Card>
    );
  }

  const { permissions } = user;
  // Once shown, the approval panel stays for this user: a reload (Refresh, a focused window) that
  // reads them as decided must not take away what the decision said, e.g. that the approval e-mail
  // did not go and the agent code is to be passed on by hand (the panel hides its own buttons).
  const undecided = UNDECIDED.has(user.lifecycleStatusId);
  if (undecided && approvalShownFor !== user.id) setApprovalShownFor(user.id);
  const showApproval = undecided || approvalShownFor === user.id;
  const close = () => setDialog(null);
  const open = (next: ManageDialog) => {
    status.reset();
    setDialog(next);
  };
  const changeStatus = (action: StatusAction, currentPassword: string) =>
    status.mutate(
      { action, currentPassword },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          close();
        },
        onError: (error) => {
          // A missing or wrong own password (or too many): said on the field, the prompt stays open.
          if (stepUpRefusal(error)) return;
          notify.failure(MANAGE_USER_MESSAGES.statusFailed, error);
          close();
        },
      },
    );
  const statusAction = isStatusAction(dialog) ? dialog : null;
  const prompt = statusAction ? STATUS_PROMPTS[statusAction] : null;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <ManageUserHeader
        user={user}
        refreshing={detail.isFetching}
        onBack={() => navigate(-1)}
        onRefresh={() => void detail.refetch()}
      />
      {ApprovalPanel && viewer.isAdmin && showApproval ? <ApprovalPanel userId={user.id} /> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <DealerInformationCard user={user} onEdit={permissions.canEdit ? () => open('edit') : undefined} />
        {/* On narrow screens the actions come before the long information card. */}
        <Box sx={{ display: 'grid', gap: 3, order: { xs: -1, lg: 0 } }}>
          <QuickActionsCard user={user} open={open} />
          <UserStatusCard
            user={user}
            busy={status.isPending}
            onDeactivate={() => open('deactivate')}
            onReactivate={() => open('reactivate')}
            open={open}
          />
          <HierarchyCard user={user} open={open} />
          {ContractsCard && viewer.isAdmin && permissions.canManage ? <ContractsCard person={user} /> : null}
        </Box>
      </Box>

      {permissions.canEdit ? <EditUserDialog user={user} open={dialog === 'edit'} onClose={close} /> : null}
      {permissions.canChangeLinks ? <UserLinksDialog user={user} open={dialog === 'links'} onClose={close} /> : null}
      {permissions.canManage ? (
        <>
          <ChangePasswordDialog userId={user.id} open={dialog === 'password'} onClose={close} />
          <ChangeManagerDialog
            userId={user.id}
            currentParent={user.parent}
            open={dialog === 'manager'}
            onClose={close}
          />
          <ChangeUserTypeDialog
            userId={user.id}
            currentTypeId={user.refsTypeId}
            open={dialog === 'user-type'}
            onClose={close}
          />
          <PhotoDialog
            title="ID Photo"
            url={user.private?.idPhotoUrl ?? null}
            open={dialog === 'id-photo'}
            onClose={close}
          />
          <PhotoDialog
            title="Headshot"
            url={user.private?.personPhotoUrl ?? null}
            open={dialog === 'headshot'}
            onClose={close}
          />
          <StepUpDialog
            // A new prompt per action: no password typed for another one lingers in it.
            key={statusAction ?? 'none'}
            open={prompt !== null}
            title={prompt ? prompt.title(user) : ''}
            confirmLabel={prompt?.confirmLabel ?? ''}
            color={prompt?.color}
            busy={status.isPending}
            error={null}
            passwordLabel="Current password"
            passwordHelp={STATUS_PASSWORD_HELP}
            passwordError={stepUpRefusal(status.error)}
            onConfirm={(password) => statusAction && changeStatus(statusAction, password)}
            onClose={close}
          >
            <Typography variant="body2" color="text.secondary">
              {prompt ? prompt.text(user) : ''}
            </Typography>
          </StepUpDialog>
        </>
      ) : null}
    </Box>
  );
}
