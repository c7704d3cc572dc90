import Box from '@mui/material/Box';
import { useDashboardBanner } from '../api/settings';

/** The newest banner an admin put on '/settings/banner', across the top of the dashboard. */
export function DashboardBanner() {
  const banner = useDashboardBanner();
  const current = banner.data?.banner;
  if (!current) return null;
  return (
    <Box
      component="img"
      src={current.url}
      alt="Dashboard banner"
      sx={{
        display: 'block',
        width: '100%',
        maxHeight: { xs: 140, sm: 220 },
        objectFit: 'cover',
        borderRadius: 3,
        mb: 3,
        boxShadow: 1,
      }}
    />
  );
}
