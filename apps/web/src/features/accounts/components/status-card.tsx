import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatusCardProps {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** A centred card for a one-purpose page (verification): an icon, a title and the page's content. */
export function StatusCard({ icon, title, subtitle, children }: StatusCardProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 1, sm: 4 } }}>
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
          <Box
            aria-hidden
            sx={{
              width: 64,
              height: 64,
              mx: 'auto',
              mb: 2,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(11, 58, 140, 0.08)',
              color: 'primary.main',
              '& svg': { fontSize: 34 },
            }}
          >
            {icon}
          </Box>
          <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          <Box sx={{ textAlign: 'left' }}>{children}</Box>
        </CardContent>
      </Card>
    </Box>
  );
}
