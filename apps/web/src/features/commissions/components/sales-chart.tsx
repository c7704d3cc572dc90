import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { SalesReport } from '@portal/domain/commissions/cycle';

/** Orders per supplier, stacked by product (loaded with the tab); the table below has the figures. */
export default function SalesChart({ rows }: { rows: SalesReport['rows'] }) {
  const suppliers = [...new Set(rows.map((row) => row.supplierName))];
  const products = [...new Set(rows.map((row) => row.product))];
  return (
    <Box
      role="img"
      aria-label={rows.map((row) => `${row.supplierName} ${row.product}: ${row.orderCount} orders`).join(', ')}
    >
      <BarChart
        height={260}
        margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: suppliers }]}
        yAxis={[{ tickMinStep: 1, width: 48 }]}
        series={products.map((product) => ({
          label: product,
          stack: 'orders',
          data: suppliers.map(
            (supplier) => rows.find((row) => row.supplierName === supplier && row.product === product)?.orderCount ?? 0,
          ),
        }))}
      />
    </Box>
  );
}
