import BadgeRoundedIcon from '@mui/icons-material/BadgeRounded';
import BusinessRoundedIcon from '@mui/icons-material/BusinessRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Profile } from '@portal/domain/accounts/profile';
import type { ReactNode } from 'react';
import { fullName, initials } from '../../../../lib/format';

/** Spec 1 §2.4: 'Profile - {first name} {surname}' with the Z-code and the company name. */
export function ProfileBanner({ profile, actions }: { profile: Profile; actions?: ReactNode }) {
  return (
    <Card sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          px: { xs: 2.5, sm: 4 },
          py: { xs: 2.5, sm: 3.5 },
          color: '#fff',
          background:
            'radial-gradient(600px 200px at 90% 0%, rgba(120,170,255,0.35), transparent 70%), linear-gradient(120deg, #0a2a66 0%, #0b3a8c 55%, #2a63c7 100%)',
          display: 'flex',
          alignItems: { xs: 'flex-start', md: 'center' },
          flexDirection: { xs: 'column', md: 'row' },
          gap: { xs: 2, md: 3 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flex: 1, minWidth: 0 }}>
          <Avatar
            sx={{
              width: { xs: 52, sm: 64 },
              height: { xs: 52, sm: 64 },
              bgcolor: 'rgba(255,255,255,0.16)',
              border: '2px solid rgba(255,255,255,0.5)',
              fontSize: { xs: 20, sm: 24 },
              fontWeight: 700,
            }}
          >
            {initials(profile)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="h1" sx={{ color: '#fff', overflowWrap: 'anywhere' }}>
              {`Profile - ${fullName(profile)}`}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <Chip
                icon={<BadgeRoundedIcon />}
                label={profile.zCode}
                size="small"
                sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: '#fff', '& .MuiChip-icon': { color: '#fff' } }}
              />
              {profile.companyName ? (
                <Chip
                  icon={<BusinessRoundedIcon />}
                  label={profile.companyName}
                  size="small"
                  sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: '#fff', '& .MuiChip-icon': { color: '#fff' } }}
                />
              ) : null}
            </Box>
          </Box>
        </Box>
        {actions ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', md: 'auto' } }}>{actions}</Box>
        ) : null}
      </Box>
    </Card>
  );
}
