import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../texts';

export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={{
          width: 34,
          height: 34,
          borderRadius: 2.5,
          display: 'grid',
          placeItems: 'center',
          bgcolor: inverse ? 'rgba(255,255,255,0.16)' : 'primary.main',
          color: '#fff',
          position: 'relative',
          flexShrink: 0,
        }}
      >
        <svg width="20" height="20" viewBox="0 0 46 46" aria-hidden="true" focusable="false">
          <path d="M9 9h28v6L19 31h18v6H9v-6l18-16H9z" fill="currentColor" />
        </svg>
        <Box
          sx={{
            position: 'absolute',
            top: -3,
            right: -3,
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: 'secondary.main',
            border: '2px solid',
            borderColor: inverse ? 'primary.dark' : 'background.paper',
          }}
        />
      </Box>
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 700, letterSpacing: '-0.01em', color: inverse ? '#fff' : 'text.primary' }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
