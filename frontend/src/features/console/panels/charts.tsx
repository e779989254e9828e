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
import type { LatencyPoint, RequestPoint } from '@portico/common';

/* The console's charts (recharts), in the console palette, with tooltips and readable time axes. */

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const tick = (iso: string) => TIME.format(new Date(iso));
const COLORS = {
  requests: '#2563eb',
  errors: '#dc2626',
  p50: '#16a34a',
  p95: '#d97706',
  p99: '#dc2626',
  queued: '#7c3aed',
};
const HEIGHT = 240;

/** A line of few points draws its dots: one point alone has no line to draw. */
const fewPoints = <T,>(series: readonly T[], key: keyof T) => series.filter((p) => p[key] != null).length < 3;

const axes = (unit?: string) => (
  <>
    <CartesianGrid strokeDasharray="3 3" stroke="var(--border, #e5e7eb)" vertical={false} />
    <XAxis dataKey="x" tickFormatter={tick} minTickGap={32} fontSize={12} />
    <YAxis allowDecimals={false} fontSize={12} width={48} unit={unit} />
    <Tooltip labelFormatter={(label) => tick(String(label))} />
    <Legend />
  </>
);

export function RequestsChart({ series, title }: { series: RequestPoint[]; title: string }) {
  return (
    <figure className="chart" aria-label={title}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={series}>
          {axes()}
          <Line
            type="monotone"
            dataKey="requests"
            name="Requests"
            stroke={COLORS.requests}
            dot={fewPoints(series, 'requests')}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="errors"
            name="Errors (5xx)"
            stroke={COLORS.errors}
            dot={fewPoints(series, 'errors')}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function LatencyChart({ series, title }: { series: LatencyPoint[]; title: string }) {
  return (
    <figure className="chart" aria-label={title}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={series}>
          {axes(' ms')}
          {(['p50', 'p95', 'p99'] as const).map((key) => (
            <Line
              key={key}
              type="monotone"
              dataKey={key}
              name={key}
              stroke={COLORS[key]}
              dot={fewPoints(series, key)}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
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
    <figure className="chart" aria-label={title}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <AreaChart data={series}>
          {axes()}
          <Area
            type="monotone"
            dataKey="queued"
            name="Queued"
            stroke={COLORS.queued}
            fill={COLORS.queued}
            fillOpacity={0.15}
            connectNulls
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="failed"
            name="Failed"
            stroke={COLORS.errors}
            fill={COLORS.errors}
            fillOpacity={0.1}
            connectNulls
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}
