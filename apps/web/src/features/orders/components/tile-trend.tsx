import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import type { OrderTrendMonth } from '@portal/domain/orders/order-report';

const MONTH = new Intl.DateTimeFormat('en-ZA', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

/**
 * A tile's small trend: its milestone per month of the range (loaded after the tiles, so the
 * numbers never wait for the chart library). Hovering shows the month and its count.
 */
export default function TileTrend({
  trend,
  milestone,
  colour,
}: {
  trend: OrderTrendMonth[];
  milestone: 'created' | 'paid' | 'installed' | 'activated';
  colour: string;
}) {
  return (
    <SparkLineChart
      data={trend.map((month) => month[milestone])}
      xAxis={{ scaleType: 'band', data: trend.map((month) => monthLabel(month.month)) }}
      height={40}
      area
      showHighlight
      showTooltip
      color={colour}
      margin={{ top: 4, bottom: 4, left: 2, right: 2 }}
    />
  );
}
