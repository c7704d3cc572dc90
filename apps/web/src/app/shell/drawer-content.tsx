import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { useSnackbar } from 'notistack';
import { useSignOut } from '../../features/accounts/api/sign-out';
import { AskSizaButton } from '../../features/siza/components/ask-siza-button';
import { copyText } from '../../lib/clipboard';
import { fullName, initials } from '../../lib/format';
import { APP_VERSION_LABEL } from '../texts';
import { BrandMark } from './brand-mark';
import { NavMenu } from './nav-menu';

interface DrawerContentProps {
  user: CurrentUser;
  onNavigate?: () => void;
}

function UserHeader({ user }: { user: CurrentUser }) {
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
    <ButtonBase
      onClick={copy}
      aria-label={`Copy dealer code ${user.zCode}`}
      title="Click to copy your dealer code"
      sx={{
        mx: 1.5,
        p: 1.25,
        borderRadius: 3,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-start',
        gap: 1.25,
        textAlign: 'left',
        bgcolor: 'rgba(11, 58, 140, 0.05)',
        border: '1px solid',
        borderColor: 'divider',
        '&:hover, &.Mui-focusVisible': { bgcolor: 'rgba(11, 58, 140, 0.09)' },
        '&:hover .copy-hint, &.Mui-focusVisible .copy-hint': { opacity: 1 },
      }}
    >
      <Avatar sx={{ width: 38, height: 38, bgcolor: 'primary.main', fontSize: 15, fontWeight: 700 }}>
        {initials(user)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {user.zCode}
          </Typography>
          {user.isAdmin ? (
            <Chip label="Admin" size="small" color="secondary" sx={{ height: 20, fontSize: 11 }} />
          ) : null}
        </Box>
        <Typography variant="body2" noWrap title={name} sx={{ color: 'text.primary' }}>
          {name}
        </Typography>
      </Box>
      <ContentCopyRoundedIcon
        className="copy-hint"
        fontSize="small"
        sx={{ color: 'text.secondary', opacity: 0.45, transition: 'opacity 120ms' }}
      />
    </ButtonBase>
  );
}

export function DrawerContent({ user, onNavigate }: DrawerContentProps) {
  const signOut = useSignOut();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2.5, pt: 2.5, pb: 2 }}>
        <BrandMark />
      </Box>
      <UserHeader user={user} />
      <Divider sx={{ mt: 2 }} />
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <NavMenu
          user={user}
          onNavigate={onNavigate}
          onLogout={() => signOut.mutate()}
          isLoggingOut={signOut.isPending}
        />
      </Box>
      <Divider />
      <AskSizaButton onNavigate={onNavigate} />
      <Typography variant="caption" sx={{ px: 2.5, pb: 1.5, color: 'text.secondary' }}>
        {APP_VERSION_LABEL}
      </Typography>
    </Box>
  );
}
