import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner with a readable label, for a page or a section that is loading. */
export function PageLoader({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullPage ? '100vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        color: 'text.secondary',
      }}
    >
      <CircularProgress size={36} aria-hidden />
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}
