import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import ManageAccountsRoundedIcon from '@mui/icons-material/ManageAccountsRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { displayPhone } from '@portal/domain/people/phone';
import { LIFECYCLE } from '@portal/domain/people/user-detail';
import type { ComponentType } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DetailGrid } from '../../../components/detail-grid';
import { PageLoader } from '../../../components/page-loader';
import { VerificationStatusCard } from '../../../components/verification-status-card';
import { fullName } from '../../../lib/format';
import { alertToPath, manageUserPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { parseDealerId, useUserDetail } from '../api/user-detail';
import { FlagSwitch } from '../components/flag-switch';
import { LoadFailure } from '../components/load-failure';
import { UniversityStatusCard } from '../components/university-status-card';

/**
 * A card another feature adds to the page (the app hands it in: features do not import each other).
 * `active`: the person's lifecycle status is active (only they take new finance applications).
 */
export type UserDetailPanel = ComponentType<{ userId: number; dealerName: string; active: boolean }>;

/** '/user-detail/{dealerId}' (spec 1 §2.10). */
export function UserDetailPage({ financePanel: FinancePanel }: { financePanel?: UserDetailPanel } = {}) {
  const { dealerId } = useParams();
  const id = parseDealerId(dealerId);
  const navigate = useNavigate();
  const detail = useUserDetail(id);
  const user = detail.data;
  useDocumentTitle(user ? `${user.zCode}: ${fullName(user)}` : 'User detail');

  if (id === undefined) return <LoadFailure invalidId />;
  if (detail.isPending) return <PageLoader label="Loading user…" />;
  if (detail.isError || !user) return <LoadFailure error={detail.error} />;

  const { permissions } = user;
  const canOpenManage = permissions.canManage || permissions.canEdit || permissions.canChangeLinks;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(-1)}>
          Back
        </Button>
        <Typography variant="h3" component="h1" sx={{ flex: 1, minWidth: 220, overflowWrap: 'anywhere' }}>
          {`${user.zCode}: ${fullName(user)}`}
        </Typography>
        {canOpenManage ? (
          <Button
            component={RouterLink}
            to={manageUserPath(user.id)}
            variant="contained"
            startIcon={<ManageAccountsRoundedIcon />}
          >
            Manage user
          </Button>
        ) : null}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              Contact details
            </Typography>
            <DetailGrid
              items={[
                { label: 'Phone', value: displayPhone(user.phone) },
                { label: 'Email', value: user.email },
                { label: 'Street', value: user.street },
                { label: 'City', value: user.city },
                { label: 'Province', value: user.provinceName ?? user.province },
              ]}
            />
            <Divider sx={{ my: 2.5 }} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              {permissions.isSelf ? null : (
                <Button
                  component={RouterLink}
                  to={alertToPath(user.id)}
                  variant="outlined"
                  startIcon={<NotificationsActiveRoundedIcon />}
                >
                  Send alert
                </Button>
              )}
              <FlagSwitch
                userId={user.id}
                flag="isLeader"
                label="Trainer Status"
                checked={user.isLeader}
                disabled={!permissions.canToggleTrainer}
              />
            </Box>
          </CardContent>
        </Card>

        <Box sx={{ display: 'grid', gap: 3 }}>
          <UniversityStatusCard university={user.university} isOwn={permissions.isSelf} />
          <VerificationStatusCard
            phone={user.phone}
            email={user.email}
            phoneVerified={user.phoneVerified}
            emailVerified={user.emailVerified}
            isOwnProfile={permissions.isSelf}
          />
          {FinancePanel ? (
            <FinancePanel
              userId={user.id}
              dealerName={`${user.zCode}: ${fullName(user)}`}
              active={user.lifecycleStatusId === LIFECYCLE.active}
            />
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
