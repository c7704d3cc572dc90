import AccountTreeRoundedIcon from '@mui/icons-material/AccountTreeRounded';
import BadgeRoundedIcon from '@mui/icons-material/BadgeRounded';
import CategoryRoundedIcon from '@mui/icons-material/CategoryRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import FaceRoundedIcon from '@mui/icons-material/FaceRounded';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LIFECYCLE, lifecycleChipLabel, type UserDetail } from '@portal/domain/people/user-detail';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { alertToPath, childDealerDownstreamPath, userDetailPath } from '../../../lib/paths';
import { FlagSwitch } from './flag-switch';

export type ManageDialog =
  | 'edit'
  | 'password'
  | 'manager'
  | 'links'
  | 'user-type'
  | 'id-photo'
  | 'headshot'
  | 'deactivate'
  | 'reactivate'
  | 'delete';

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ActionButton({
  icon,
  label,
  onClick,
  to,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
}) {
  const common = {
    variant: 'outlined' as const,
    startIcon: icon,
    fullWidth: true,
    disabled,
    sx: { justifyContent: 'flex-start' },
  };
  return to ? (
    <Button {...common} component={RouterLink} to={to}>
      {label}
    </Button>
  ) : (
    <Button {...common} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Spec 1 §2.11 / §6 quick actions: the admin set, or for a leader Suppliers & Product Types, Send Alert and Trainer. */
export function QuickActionsCard({ user, open }: { user: UserDetail; open: (dialog: ManageDialog) => void }) {
  const { permissions } = user;
  if (permissions.canManage) {
    return (
      <SideCard title="Quick Actions">
        <Box sx={{ display: 'grid', gap: 1 }}>
          <ActionButton icon={<BadgeRoundedIcon />} label="View ID Photo" onClick={() => open('id-photo')} />
          <ActionButton icon={<FaceRoundedIcon />} label="View Headshot" onClick={() => open('headshot')} />
          <ActionButton icon={<KeyRoundedIcon />} label="Change Password" onClick={() => open('password')} />
          <ActionButton
            icon={<CategoryRoundedIcon />}
            label="Suppliers/Product Types/Deals"
            onClick={() => open('links')}
          />
          <ActionButton icon={<TuneRoundedIcon />} label="Change User Type" onClick={() => open('user-type')} />
          {permissions.isSelf ? null : (
            <ActionButton icon={<NotificationsActiveRoundedIcon />} label="Send Alert" to={alertToPath(user.id)} />
          )}
          {/* Spec 1 §2.11: the Contracts button on this screen is permanently disabled. */}
          <ActionButton icon={<DescriptionRoundedIcon />} label="Contracts" disabled />
        </Box>
      </SideCard>
    );
  }
  return (
    <SideCard title="Quick Actions">
      <Box sx={{ display: 'grid', gap: 1 }}>
        {permissions.canChangeLinks ? (
          <ActionButton
            icon={<CategoryRoundedIcon />}
            label="Suppliers & Product Types"
            onClick={() => open('links')}
          />
        ) : null}
        {permissions.isSelf ? null : (
          <ActionButton icon={<NotificationsActiveRoundedIcon />} label="Send Alert" to={alertToPath(user.id)} />
        )}
        <FlagSwitch
          userId={user.id}
          flag="isLeader"
          label="Trainer"
          checked={user.isLeader}
          disabled={!permissions.canToggleTrainer}
        />
      </Box>
    </SideCard>
  );
}

interface StatusCardProps {
  user: UserDetail;
  busy: boolean;
  onDeactivate: () => void;
  onReactivate: () => void;
  open: (dialog: ManageDialog) => void;
}

/** Status management and the leader toggles (admins, spec 1 §4); others see the status only. */
export function UserStatusCard({ user, busy, onDeactivate, onReactivate, open }: StatusCardProps) {
  const { permissions } = user;
  const status = user.lifecycleStatusId;
  const canAct = permissions.canManage && !permissions.isSelf;
  return (
    <SideCard title="User Status">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: canAct ? 2 : 0 }}>
        <Typography variant="body2" color="text.secondary">
          Status:
        </Typography>
        <Chip size="small" label={user.lifecycleStatusName ?? lifecycleChipLabel(status)} />
      </Box>
      {canAct ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {status === LIFECYCLE.active ? (
            <Button variant="outlined" color="warning" onClick={onDeactivate} loading={busy}>
              Mark As Inactive
            </Button>
          ) : null}
          {status === LIFECYCLE.inactive ? (
            <Button variant="outlined" color="success" onClick={onReactivate} loading={busy}>
              Reactivate User
            </Button>
          ) : null}
          {status !== LIFECYCLE.deleted ? (
            <Button variant="outlined" color="error" onClick={() => open('delete')} disabled={busy}>
              Delete
            </Button>
          ) : null}
        </Box>
      ) : null}
      {permissions.canManage ? (
        <>
          <Divider sx={{ my: 2 }} />
          <Box sx={{ display: 'grid' }}>
            <FlagSwitch
              userId={user.id}
              flag="isLeader"
              label="Trainer"
              checked={user.isLeader}
              disabled={!permissions.canToggleTrainer}
            />
            <FlagSwitch
              userId={user.id}
              flag="growthLeader"
              label="Growth Leader"
              checked={user.growthLeader}
              disabled={!permissions.canToggleGrowthLeader}
            />
            <FlagSwitch
              userId={user.id}
              flag="isLeaderBlocked"
              label="Block Trainer Status"
              checked={user.isLeaderBlocked}
              disabled={!permissions.canToggleTrainerBlock}
            />
          </Box>
        </>
      ) : null}
    </SideCard>
  );
}

/** The user's manager, Change Manager (admins) and the downstream link. */
export function HierarchyCard({ user, open }: { user: UserDetail; open: (dialog: ManageDialog) => void }) {
  return (
    <SideCard title="Hierarchy">
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        Manager
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="hierarchy-parent">
        {user.parent ? (
          <Link component={RouterLink} to={userDetailPath(user.parent.id)}>
            {`${user.parent.zCode}: ${user.parent.firstName} ${user.parent.surname}`}
          </Link>
        ) : (
          'Top Level'
        )}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {user.permissions.canManage && !user.permissions.isSelf ? (
          <ActionButton icon={<SwapHorizRoundedIcon />} label="Change Manager" onClick={() => open('manager')} />
        ) : null}
        <ActionButton
          icon={<AccountTreeRoundedIcon />}
          label="View Downstream"
          to={childDealerDownstreamPath(user.id)}
        />
      </Box>
    </SideCard>
  );
}
