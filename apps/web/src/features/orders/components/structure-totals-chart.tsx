import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  STRUCTURE_MILESTONE_LABELS,
  STRUCTURE_MILESTONES,
  type StructureTotals,
} from '@portal/domain/orders/structure-report';

const COLOURS = { created: '#3d6fd1', paid: '#0b3a8c', installed: '#d4a017', activated: '#2e7d32' } as const;

/** The four milestones of a whole structure as bars, each also read out as a number. */
export function StructureTotalsChart({ totals }: { totals: StructureTotals }) {
  const top = Math.max(1, ...STRUCTURE_MILESTONES.map((key) => totals[key]));
  return (
    <Box
      role="img"
      aria-label={STRUCTURE_MILESTONES.map((key) => `${STRUCTURE_MILESTONE_LABELS[key]} ${totals[key]}`).join(', ')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: { xs: 1, sm: 2 }, alignItems: 'end' }}
    >
      {STRUCTURE_MILESTONES.map((key) => (
        <Box key={key} sx={{ textAlign: 'center' }}>
          <Typography variant="h6" component="div">
            {totals[key]}
          </Typography>
          <Box sx={{ height: 96, display: 'flex', alignItems: 'flex-end', justifyContent: 'center' }}>
            <Box
              sx={{
                width: '60%',
                maxWidth: 56,
                height: `${Math.max(4, (totals[key] / top) * 96)}px`,
                bgcolor: COLOURS[key],
                borderRadius: '6px 6px 0 0',
                transition: 'height 300ms',
              }}
            />
          </Box>
          <Typography variant="caption" color="text.secondary">
            {STRUCTURE_MILESTONE_LABELS[key]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
