// Loaded on its own (React.lazy) so recharts and the chart styles ship only with the charts.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { MarginTrend } from '@domain/margin';
import { formatMonthShort } from '../lib/format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The six months' revenue, payouts and margin as bars side by side. The decimal strings become
 * numbers here for drawing only; every amount in words comes from the server's strings.
 */
export function MarginTrendChart({ trend }: { trend: MarginTrend }) {
  const data = trend.map((m) => ({
    month: formatMonthShort(m.month),
    Revenue: Number(m.revenue),
    Payouts: Number(m.payouts),
    Margin: Number(m.margin),
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="month"
      series={[
        { name: 'Revenue', color: 'violet.6' },
        { name: 'Payouts', color: 'orange.6' },
        { name: 'Margin', color: 'teal.7' },
      ]}
      withLegend
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={(v) => usd.format(v)}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ width: 80 }}
    />
  );
}

export default MarginTrendChart;
