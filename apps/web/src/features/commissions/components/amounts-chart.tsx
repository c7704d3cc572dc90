import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatRand } from '@portal/domain/platform/format';

export interface ChartBar {
  label: string;
  cents: number;
}

/**
 * Amounts as a bar chart in rand (loaded with its tab, not with the page); the figures are also in
 * its accessible name and printed beside it.
 */
export default function AmountsChart({ bars, height = 220 }: { bars: ChartBar[]; height?: number }) {
  return (
    <Box role="img" aria-label={bars.map((bar) => `${bar.label} ${formatRand(bar.cents)}`).join(', ')}>
      <BarChart
        height={height}
        hideLegend
        margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: bars.map((bar) => bar.label) }]}
        yAxis={[{ width: 64, valueFormatter: (value: number) => `R${Math.round(value).toLocaleString('en-ZA')}` }]}
        series={[
          {
            data: bars.map((bar) => bar.cents / 100),
            label: 'Amount',
            color: '#3d6fd1',
            valueFormatter: (value) => (value === null ? '' : formatRand(Math.round(value * 100))),
          },
        ]}
      />
    </Box>
  );
}
