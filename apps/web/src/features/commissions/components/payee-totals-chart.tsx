import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { PayeeTotal } from '@portal/domain/commissions/calculation';
import { formatRand } from '@portal/domain/platform/format';

/**
 * The largest payees' totals as stacked bars (agent, leader), loaded only with the preview; the
 * figures are also in its accessible name.
 */
export default function PayeeTotalsChart({ payees }: { payees: PayeeTotal[] }) {
  const labels = payees.map((payee) => payee.payeeCode);
  return (
    <Box
      role="img"
      aria-label={payees
        .map((payee) => `${payee.payeeCode} ${payee.payeeName} ${formatRand(payee.totalCents)}`)
        .join(', ')}
    >
      <BarChart
        height={Math.max(200, payees.length * 26 + 60)}
        layout="horizontal"
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: labels, width: 80 }]}
        xAxis={[{ valueFormatter: (value: number) => formatRand(Math.round(value) * 100).replace(/,00$/, '') }]}
        series={[
          { data: payees.map((p) => p.agentCents / 100), label: 'Agent', stack: 'total', color: '#3d6fd1' },
          { data: payees.map((p) => p.leaderCents / 100), label: 'Leader', stack: 'total', color: '#d4a017' },
        ]}
      />
    </Box>
  );
}
