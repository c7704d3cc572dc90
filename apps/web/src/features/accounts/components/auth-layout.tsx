import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../app/shell/brand-mark';
import { APP_VERSION_LABEL } from '../../../app/texts';
import { MOBILE_QUERY } from '../../../app/theme';
import illustrationUrl from '../../../assets/sign-in-illustration.svg';

const highlights = [
  'Track your orders, leaderboard and commissions',
  'Grow and support your team in one place',
  'Train in the University and stay compliant',
];

/** Signed-out pages: a brand panel beside the form on wide screens, one card on phones. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: 'minmax(420px, 1.1fr) minmax(440px, 1fr)',
        bgcolor: 'background.default',
        [MOBILE_QUERY]: {
          gridTemplateColumns: '1fr',
          background: 'linear-gradient(180deg, #0b3a8c 0, #0b3a8c 190px, #f4f6fb 190px)',
        },
      }}
    >
      <Box
        component="aside"
        aria-label="About the portal"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          color: '#fff',
          px: 7,
          py: 6,
          display: 'flex',
          flexDirection: 'column',
          background:
            'radial-gradient(900px 420px at 85% 8%, rgba(120,170,255,0.28), transparent 60%), linear-gradient(150deg, #071d4a 0%, #0b3a8c 55%, #2a63c7 100%)',
          [MOBILE_QUERY]: { display: 'none' },
        }}
      >
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            backgroundImage: 'radial-gradient(rgba(255,255,255,0.08) 1.2px, transparent 1.2px)',
            backgroundSize: '22px 22px',
            pointerEvents: 'none',
          }}
        />
        <Box sx={{ position: 'relative' }}>
          <BrandMark inverse />
        </Box>
        <Box sx={{ position: 'relative', my: 'auto', maxWidth: 520 }}>
          <Box
            component="img"
            src={illustrationUrl}
            alt=""
            sx={{ width: '100%', maxWidth: 420, display: 'block', mb: 4, mx: 'auto' }}
          />
          <Typography variant="h2" component="p" sx={{ color: '#fff', mb: 1.5 }}>
            Your network, connected.
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,0.78)', mb: 3, fontSize: '1.05rem' }}>
            The portal for mobile and fibre dealers, agents and team leaders across South Africa.
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
            {highlights.map((text) => (
              <Box component="li" key={text} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                <CheckCircleRoundedIcon sx={{ color: 'secondary.main', fontSize: 20 }} />
                <Typography sx={{ color: 'rgba(255,255,255,0.9)' }}>{text}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography variant="caption" sx={{ position: 'relative', color: 'rgba(255,255,255,0.6)' }}>
          {APP_VERSION_LABEL}
        </Typography>
      </Box>

      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          px: 3,
          py: 6,
          [MOBILE_QUERY]: { justifyContent: 'flex-start', px: 2, pt: 4, pb: 4 },
        }}
      >
        <Box sx={{ display: 'none', mb: 3, [MOBILE_QUERY]: { display: 'block' } }}>
          <BrandMark inverse />
        </Box>
        <Paper
          elevation={0}
          sx={{
            width: '100%',
            maxWidth: 440,
            p: 5,
            borderRadius: 4,
            border: '1px solid',
            borderColor: 'divider',
            boxShadow: '0 10px 40px rgba(10, 42, 102, 0.08)',
            [MOBILE_QUERY]: { p: 3, boxShadow: '0 10px 30px rgba(10, 42, 102, 0.16)' },
          }}
        >
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
