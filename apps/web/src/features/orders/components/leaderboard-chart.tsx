import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { LEADERBOARD_LISTED, type LeaderboardRow } from '@portal/domain/orders/leaderboard';

/** The top ten's sales as horizontal bars, longest first (the full leaderboard page, wide screens). */
export default function LeaderboardChart({ rows }: { rows: LeaderboardRow[] }) {
  const top = rows.slice(0, LEADERBOARD_LISTED);
  return (
    <Box
      role="img"
      aria-label={`Top ${top.length} by sales: ${top.map((row) => `${row.firstName} ${row.sales}`).join(', ')}`}
    >
      <BarChart
        layout="horizontal"
        height={Math.max(160, top.length * 30 + 40)}
        hideLegend
        margin={{ left: 0, right: 24, top: 8, bottom: 0 }}
        yAxis={[
          {
            scaleType: 'band',
            data: top.map((row) => `${row.rank}. ${row.firstName} ${row.surname}`.trim()),
            width: 150,
          },
        ]}
        xAxis={[{ tickMinStep: 1 }]}
        series={[{ data: top.map((row) => row.sales), label: 'Sales', color: '#0b3a8c', barLabel: 'value' }]}
      />
    </Box>
  );
}
