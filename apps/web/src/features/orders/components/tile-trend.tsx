import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import type { OrderTrendPoint } from '@portal/domain/orders/order-report';

const MONTH = new Intl.DateTimeFormat('en-ZA', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '26 Nov' for a day, 'Nov 2026' for a month. */
export const periodLabel = (period: string) =>
  period.length === 7 ? MONTH.format(new Date(`${period}-01T00:00:00Z`)) : DAY.format(new Date(`${period}T00:00:00Z`));

/**
 * A tile's small trend: its milestone per day (per month for long ranges) of the range (loaded after the tiles, so the
 * numbers never wait for the chart library). Hovering shows the month and its count.
 */
export default function TileTrend({
  trend,
  milestone,
  colour,
}: {
  trend: OrderTrendPoint[];
  milestone: 'created' | 'paid' | 'installed' | 'activated';
  colour: string;
}) {
  return (
    <SparkLineChart
      data={trend.map((point) => point[milestone])}
      xAxis={{ scaleType: 'band', data: trend.map((point) => periodLabel(point.period)) }}
      height={40}
      area
      showHighlight
      showTooltip
      color={colour}
      margin={{ top: 4, bottom: 4, left: 2, right: 2 }}
    />
  );
}
