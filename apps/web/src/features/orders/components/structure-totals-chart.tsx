import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  STRUCTURE_MILESTONE_LABELS,
  STRUCTURE_MILESTONES,
  type StructureTotals,
} from '@portal/domain/orders/structure-report';

const COLOURS = ['#3d6fd1', '#0b3a8c', '#d4a017', '#2e7d32'];

/**
 * The four milestones of a whole structure as a bar chart (loaded with the Insights dialog, not
 * with the dashboard); the numbers are also in its accessible name and under the tree.
 */
export default function StructureTotalsChart({ totals }: { totals: StructureTotals }) {
  const labels = STRUCTURE_MILESTONES.map((key) => STRUCTURE_MILESTONE_LABELS[key]);
  return (
    <Box
      role="img"
      aria-label={STRUCTURE_MILESTONES.map((key) => `${STRUCTURE_MILESTONE_LABELS[key]} ${totals[key]}`).join(', ')}
    >
      <BarChart
        height={220}
        hideLegend
        margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        xAxis={[
          {
            scaleType: 'band',
            data: labels,
            colorMap: { type: 'ordinal', values: labels, colors: COLOURS },
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          {
            data: STRUCTURE_MILESTONES.map((key) => totals[key]),
            label: 'Orders',
            barLabel: 'value',
          },
        ]}
      />
    </Box>
  );
}
