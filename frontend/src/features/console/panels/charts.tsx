import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReactElement } from 'react';
import type { LatencyPoint, RequestPoint } from '@portico/common';
import styles from './charts.module.css';

/* The console's charts (recharts), in the console palette, with tooltips and readable time axes.
 * Every colour is a custom property of charts.module.css, so the charts follow the light or dark theme. */

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const tick = (iso: string) => TIME.format(new Date(iso));
const COLORS = {
  requests: 'var(--chart-requests)',
  errors: 'var(--chart-errors)',
  p50: 'var(--chart-p50)',
  p95: 'var(--chart-p95)',
  p99: 'var(--chart-p99)',
  queued: 'var(--chart-queued)',
  failed: 'var(--chart-errors)',
};
type SeriesKey = keyof typeof COLORS;
const TICK = { fill: 'var(--text-muted)', fontSize: 12 };
const TOOLTIP = { background: 'var(--surface-raised)', borderColor: 'var(--border)', color: 'var(--text)' };
const HEIGHT = 240;

/** A line of few points draws its dots: one point alone has no line to draw. */
const fewPoints = <T,>(series: readonly T[], key: keyof T) => series.filter((p) => p[key] != null).length < 3;

const axes = (unit?: string) => (
  <>
    <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
    <XAxis dataKey="x" tickFormatter={tick} minTickGap={32} tick={TICK} stroke="var(--border-strong)" />
    <YAxis allowDecimals={false} width={48} unit={unit} tick={TICK} stroke="var(--border-strong)" />
    <Tooltip labelFormatter={(label) => tick(String(label))} contentStyle={TOOLTIP} />
    <Legend />
  </>
);

/** The figure and its responsive frame, named for screen readers by its title. */
function ChartFrame({ title, children }: { title: string; children: ReactElement }) {
  return (
    <figure className={styles.chart} aria-label={title}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

/** What every series draws alike: a smooth curve in its key's colour, named in the legend, without animation. */
function seriesLook(key: SeriesKey, name: string) {
  return { type: 'monotone', dataKey: key, name, stroke: COLORS[key], isAnimationActive: false } as const;
}

/** One line per key, named and coloured; `connectNulls` bridges the minutes without a figure. */
function lines<T>(
  series: readonly T[],
  keys: ReadonlyArray<{ key: keyof T & SeriesKey; name: string }>,
  connectNulls = false,
) {
  return keys.map(({ key, name }) => (
    <Line key={key} {...seriesLook(key, name)} dot={fewPoints(series, key)} connectNulls={connectNulls} />
  ));
}

export function RequestsChart({ series, title }: { series: RequestPoint[]; title: string }) {
  return (
    <ChartFrame title={title}>
      <LineChart data={series}>
        {axes()}
        {lines(series, [
          { key: 'requests', name: 'Requests' },
          { key: 'errors', name: 'Errors (5xx)' },
        ])}
      </LineChart>
    </ChartFrame>
  );
}

export function LatencyChart({ series, title }: { series: LatencyPoint[]; title: string }) {
  return (
    <ChartFrame title={title}>
      <LineChart data={series}>
        {axes(' ms')}
        {lines(
          series,
          (['p50', 'p95', 'p99'] as const).map((key) => ({ key, name: key })),
          true,
        )}
      </LineChart>
    </ChartFrame>
  );
}

export function QueueChart({
  series,
  title,
}: {
  series: Array<{ x: string; queued: number | null; failed: number | null }>;
  title: string;
}) {
  return (
    <ChartFrame title={title}>
      <AreaChart data={series}>
        {axes()}
        {(
          [
            { key: 'queued', name: 'Queued', opacity: 0.15 },
            { key: 'failed', name: 'Failed', opacity: 0.1 },
          ] as const
        ).map(({ key, name, opacity }) => (
          <Area key={key} {...seriesLook(key, name)} fill={COLORS[key]} fillOpacity={opacity} connectNulls />
        ))}
      </AreaChart>
    </ChartFrame>
  );
}
