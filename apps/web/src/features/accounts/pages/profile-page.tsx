import AcUnitRoundedIcon from '@mui/icons-material/AcUnitRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { COMMISSION_FREEZE_MESSAGE } from '@portal/domain/accounts/profile';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { VerificationStatusCard } from '../../../components/verification-status-card';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProfile } from '../api/profile';
import { EditProfileDialog } from '../components/profile/edit-profile-dialog';
import { LeaderCard } from '../components/profile/leader-card';
import { PendingContactCard } from '../components/profile/pending-contact-card';
import { ProfileBanner } from '../components/profile/profile-banner';
import { ProfileTabs } from '../components/profile/profile-tabs';

export const FREEZE_TITLE = 'Commission Period Active';

const bannerButton = {
  bgcolor: '#fff',
  color: 'primary.main',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' },
  '&.Mui-disabled': { bgcolor: 'rgba(255,255,255,0.35)', color: 'rgba(255,255,255,0.85)' },
  flex: { xs: '1 1 auto', md: '0 0 auto' },
} as const;

function ProfileSkeleton() {
  return (
    <Box role="status" aria-label="Loading your profile" sx={{ display: 'grid', gap: 3 }}>
      <Skeleton variant="rounded" height={128} sx={{ borderRadius: 4 }} />
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(280px, 1fr)' } }}
      >
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Skeleton width="50%" height={40} />
            {Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders only
              <Skeleton key={index} height={44} />
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Skeleton width="60%" height={32} />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}

/** '/profile' (spec 1 §2.4): the signed-in user's own profile. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const profile = useProfile();
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return <LoadErrorAlert error={profile.error} onRetry={() => profile.refetch()} />;
  }

  const data = profile.data;
  const frozen = data.profileFrozen;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {frozen ? (
        <Alert severity="info" icon={<AcUnitRoundedIcon />}>
          <AlertTitle sx={{ fontWeight: 700 }}>{FREEZE_TITLE}</AlertTitle>
          {COMMISSION_FREEZE_MESSAGE}
        </Alert>
      ) : null}
      <ProfileBanner
        profile={data}
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<EditRoundedIcon />}
              onClick={() => setEditing(true)}
              disabled={frozen}
              sx={bannerButton}
            >
              Edit Your Details
            </Button>
            <Button
              component={RouterLink}
              to={paths.updatePassword}
              variant="outlined"
              startIcon={<LockRoundedIcon />}
              sx={{
                color: '#fff',
                borderColor: 'rgba(255,255,255,0.6)',
                '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
                flex: { xs: '1 1 auto', md: '0 0 auto' },
              }}
            >
              Change Your Password
            </Button>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
        }}
      >
        <ProfileTabs profile={data} />
        <Box sx={{ display: 'grid', gap: 3 }}>
          <PendingContactCard profile={data} />
          <VerificationStatusCard
            phone={data.phone}
            email={data.email}
            phoneVerified={data.phoneVerified}
            emailVerified={data.emailVerified}
            isOwnProfile
          />
          <LeaderCard profile={data} />
        </Box>
      </Box>
      <EditProfileDialog open={editing && !frozen} profile={data} onClose={() => setEditing(false)} />
    </Box>
  );
}
