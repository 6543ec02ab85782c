// Loaded on its own (React.lazy) so recharts and the chart styles ship only with this section.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { DAY_MS } from '@domain/day-counter';
import type { TurnaroundGroup } from '@domain/turnaround';

/** At most this many groups are drawn (the busiest); the table lists them all. */
export const CHART_GROUPS = 10;

/** A long name is cut on the axis (the table under the chart has it whole). */
const AXIS_CHARS = 16;
const short = (label: string) =>
  label.length > AXIS_CHARS ? `${label.slice(0, AXIS_CHARS - 1)}…` : label;

const days = (ms: number | null) => (ms === null ? 0 : Math.round((ms / DAY_MS) * 10) / 10);

/**
 * The medians of each group as horizontal bars, in days: start to ready beside waiting on the
 * client. Drawing only: the table under it says the same in words.
 */
export function TurnaroundChart({ groups }: { groups: readonly TurnaroundGroup[] }) {
  const data = groups.slice(0, CHART_GROUPS).map((g) => ({
    label: g.label,
    'Start to ready': days(g.turnaroundMedianMs),
    'Waiting on client': days(g.clientWaitMedianMs),
  }));
  return (
    <BarChart
      h={70 + data.length * 52}
      data={data}
      dataKey="label"
      orientation="vertical"
      series={[
        { name: 'Start to ready', color: 'blue.6' },
        { name: 'Waiting on client', color: 'orange.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 36 }}
      barChartProps={{ accessibilityLayer: false }}
      valueFormatter={(v) => `${v} d`}
      gridAxis="x"
      yAxisProps={{ width: 120, tickFormatter: short }}
    />
  );
}

export default TurnaroundChart;
