// Loaded only with the summary's trends (a lazy chunk): the charts' library and its stylesheet stay
// out of the JavaScript and CSS every other screen loads.
import '@mantine/charts/styles.css';
import { LineChart, type ChartReferenceAreaProps } from '@mantine/charts';
import { memo } from 'react';
import { formatDate } from '../format/date-time';
import classes from './vital-trend-charts.module.css';
import type { TrendSeries, VitalTrend } from './vital-trends';

/** The lines' colours (theme-aware, in the stylesheet) and dashes: the second line is dashed. */
const LINE_COLOURS = ['var(--vital-trend-line-1)', 'var(--vital-trend-line-2)'] as const;
const DASHES = [undefined, '5 3'] as const;
/** Axis text with the body text's contrast (4.5:1), not the library's dimmed grey. */
const TEXT_COLOUR = 'var(--mantine-color-text)';
const CHART_HEIGHT = 96;

/** A time on the axis as the app writes dates; nothing for a value that is not one. */
const dateOf = (time: unknown, format: (iso: string) => string): string => {
  const date = new Date(Number(time));
  return Number.isNaN(date.getTime()) ? '' : format(date.toISOString());
};

const shaded = (series: TrendSeries[]): ChartReferenceAreaProps[] =>
  series.flatMap((line, index) =>
    line.range
      ? [
          {
            y1: line.range.low,
            y2: line.range.high,
            fill: LINE_COLOURS[index],
            fillOpacity: 0.12,
            stroke: 'none',
            ifOverflow: 'hidden' as const,
          },
        ]
      : []
  );

const TrendChart = memo(function TrendChart({ trend }: { trend: VitalTrend }) {
  const first = trend.points[0]?.time ?? 0;
  const last = trend.points[trend.points.length - 1]?.time ?? 0;
  return (
    <figure className={classes.figure} aria-label={trend.description} data-vital-trend={trend.key}>
      <figcaption className={classes.caption}>
        <span>
          <strong>{trend.title}</strong> {trend.latestValue}
        </span>
        <span className={classes.date}>{trend.latestDate}</span>
      </figcaption>
      {/* The figure's name says what the chart shows; the drawing itself is hidden from screen readers. */}
      <div aria-hidden>
        <LineChart
          h={CHART_HEIGHT}
          data={trend.points}
          dataKey="time"
          series={trend.series.map((line, index) => ({
            name: line.key,
            label: line.label,
            color: LINE_COLOURS[index] ?? LINE_COLOURS[0],
            strokeDasharray: DASHES[index],
          }))}
          curveType="linear"
          withDots={trend.points.length <= 20}
          strokeWidth={2}
          gridAxis="none"
          textColor={TEXT_COLOUR}
          unit={trend.unit === '%' ? '%' : ` ${trend.unit}`}
          accessibilityLayer={false}
          referenceAreas={shaded(trend.series)}
          xAxisProps={{
            type: 'number',
            scale: 'time',
            domain: [first, last],
            ticks: first === last ? [first] : [first, last],
            tickFormatter: (time: unknown) => dateOf(time, formatDate),
            height: 24,
            // Every tick given is drawn, so the library measures no label text to thin them out.
            interval: 0,
          }}
          yAxisProps={{ width: 40, domain: trend.domain, ticks: trend.ticks, unit: '', interval: 0 }}
          // No hover tooltip: the readings are listed under the charts, for every user alike.
          withTooltip={false}
        />
      </div>
    </figure>
  );
});

/** A small line chart for each vital sign's trend, its latest value and date above it. */
export default function VitalTrendCharts({ trends }: { trends: VitalTrend[] }) {
  return (
    <ul className={classes.grid} aria-label="Vital sign trends">
      {trends.map((trend) => (
        <li key={trend.key}>
          <TrendChart trend={trend} />
        </li>
      ))}
    </ul>
  );
}
