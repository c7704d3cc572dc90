import BadgeRoundedIcon from '@mui/icons-material/BadgeRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { displayPhone } from '@portal/domain/people/phone';
import { useSnackbar } from 'notistack';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { copyText } from '../../../lib/clipboard';
import { fullName, initials } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';

function roleLabel(user: CurrentUser): string {
  if (user.isAdmin) return 'Admin';
  if (user.isLeader) return 'Leader';
  return 'Dealer';
}

function WelcomeCard({ user }: { user: CurrentUser }) {
  const { enqueueSnackbar } = useSnackbar();
  const name = fullName(user);
  const copy = async () => {
    const copied = await copyText(user.zCode);
    enqueueSnackbar(copied ? `Copied ${user.zCode}` : `Could not copy ${user.zCode}`, {
      variant: copied ? 'success' : 'warning',
      autoHideDuration: 2500,
    });
  };
  return (
    <Card sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          height: 8,
          background: 'linear-gradient(90deg, #0a2a66 0%, #0b3a8c 45%, #3d6fd1 100%)',
        }}
      />
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 }, '&:last-child': { pb: { xs: 2.5, sm: 3.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
          <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24, fontWeight: 700 }}>
            {initials(user)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography variant="overline" color="text.secondary">
              Welcome back
            </Typography>
            <Typography variant="h4" component="h2" sx={{ lineHeight: 1.2 }}>
              {name}
            </Typography>
            {user.companyName ? (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {user.companyName}
              </Typography>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip icon={<BadgeRoundedIcon />} label={user.zCode} color="primary" variant="outlined" />
            <Tooltip title="Copy dealer code">
              <IconButton aria-label={`Copy dealer code ${user.zCode}`} onClick={copy} size="small">
                <ContentCopyRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Chip label={roleLabel(user)} color={user.isAdmin ? 'secondary' : 'default'} />
          </Box>
        </Box>
        {user.email || user.phone ? (
          <Box
            sx={{
              display: 'flex',
              gap: { xs: 1, sm: 4 },
              flexDirection: { xs: 'column', sm: 'row' },
              mt: 3,
              pt: 2.5,
              borderTop: '1px solid',
              borderColor: 'divider',
            }}
          >
            {user.email ? (
              <Box>
                <Typography variant="caption" color="text.secondary">
                  Email
                </Typography>
                <Typography sx={{ wordBreak: 'break-all' }}>{user.email}</Typography>
              </Box>
            ) : null}
            {user.phone ? (
              <Box>
                <Typography variant="caption" color="text.secondary">
                  Cellphone
                </Typography>
                <Typography>{displayPhone(user.phone)}</Typography>
              </Box>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * '/': the signed-in home. The banner, the supplier cards, the leaderboard and the header's actions
 * are handed in by the app (other features', spec 2 "Dashboard").
 */
export function DashboardPage({
  banner,
  suppliers,
  leaderboard,
  actions,
}: {
  banner?: ReactNode;
  suppliers?: ReactNode;
  leaderboard?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle('Dashboard');
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Choose a dashboard" actions={actions} />
      {banner}
      {suppliers}
      <WelcomeCard user={user} />
      {leaderboard ? <Box sx={{ mt: 3 }}>{leaderboard}</Box> : null}
    </>
  );
}
