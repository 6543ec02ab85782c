// Loaded on its own (React.lazy) so recharts and the chart styles ship only with this card.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { RevenueTrend } from '@domain/invoicing';
import { formatMonthShort } from '../lib/format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The six months as bars. A chart needs numbers, so the decimal strings become numbers here,
 * for drawing only; every amount in words comes from the server's strings.
 */
export function RevenueTrendChart({ trend }: { trend: RevenueTrend }) {
  const data = trend.map((m) => ({
    month: formatMonthShort(m.month),
    Revenue: Number(m.totalRevenue),
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="month"
      series={[{ name: 'Revenue', color: 'violet.6' }]}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={(v) => usd.format(v)}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ width: 80 }}
    />
  );
}

export default RevenueTrendChart;
