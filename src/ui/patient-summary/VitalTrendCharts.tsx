// Loaded only with the summary's trends (a lazy chunk). Each chart is a few SVG shapes drawn from
// points whose axes vital-trends.ts already worked out: nine of them draw in a few milliseconds,
// where a charting library's layout passes took over 250 ms and held the summary past its budget.
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { formatDate } from '../format/date-time';
import classes from './vital-trend-charts.module.css';
import type { TrendPoint, TrendSeries, VitalTrend } from './vital-trends';

/** The lines' colours (theme-aware, in the stylesheet) and dashes: the second line is dashed. */
const LINE_COLOURS = ['var(--vital-trend-line-1)', 'var(--vital-trend-line-2)'] as const;
const DASHES = [undefined, '5 3'] as const;
const CHART_HEIGHT = 96;
/** Room around the plot: the value axis's labels on the left, the dates below. */
const PLOT = { top: 6, right: 8, bottom: 20, left: 40 } as const;

/** Where values and times land in a chart `width` wide. */
function scales(trend: VitalTrend, width: number) {
  const [low, high] = trend.domain;
  const first = trend.points[0]?.time ?? 0;
  const last = trend.points[trend.points.length - 1]?.time ?? 0;
  const left = PLOT.left;
  const right = Math.max(left + 1, width - PLOT.right);
  const top = PLOT.top;
  const bottom = CHART_HEIGHT - PLOT.bottom;
  const y = (value: number) =>
    high === low ? (top + bottom) / 2 : bottom - ((value - low) / (high - low)) * (bottom - top);
  const x = (time: number) =>
    last === first ? (left + right) / 2 : left + ((time - first) / (last - first)) * (right - left);
  return { x, y, left, right, top, bottom, first, last };
}

/** One line through the readings that have a value for it (a reading without one is stepped over). */
function linePath(points: TrendPoint[], key: TrendSeries['key'], at: ReturnType<typeof scales>): string {
  const drawn = points.flatMap((point) => {
    const value = point[key];
    return value === undefined ? [] : [`${at.x(point.time).toFixed(1)} ${at.y(value).toFixed(1)}`];
  });
  return drawn.length > 0 ? `M${drawn.join('L')}` : '';
}

const TrendChart = memo(function TrendChart({ trend, width }: { trend: VitalTrend; width: number }) {
  const at = scales(trend, width);
  const [low, high] = trend.domain;
  const clamp = (value: number) => Math.min(high, Math.max(low, value));
  const dots = trend.points.length <= 20;
  return (
    <figure className={classes.figure} aria-label={trend.description} data-vital-trend={trend.key}>
      <figcaption className={classes.caption}>
        <span>
          <strong>{trend.title}</strong> {trend.latestValue}
        </span>
        <span className={classes.date}>{trend.latestDate}</span>
      </figcaption>
      {/* The figure's name says what the chart shows; the drawing itself is hidden from screen readers. */}
      <div aria-hidden className={classes.drawing}>
        {width > 0 && (
          <svg width={width} height={CHART_HEIGHT} className={classes.svg}>
            {trend.series.map((line, index) =>
              line.range ? (
                <rect
                  key={`range-${line.key}`}
                  x={at.left}
                  width={at.right - at.left}
                  y={at.y(clamp(line.range.high ?? high))}
                  height={Math.max(
                    0,
                    at.y(clamp(line.range.low ?? low)) - at.y(clamp(line.range.high ?? high))
                  )}
                  fill={LINE_COLOURS[index]}
                  fillOpacity={0.12}
                />
              ) : null
            )}
            <path className={classes.axis} d={`M${at.left} ${at.top}V${at.bottom}H${at.right}`} />
            {trend.ticks.map((tick) => (
              <text
                key={tick}
                className={classes.tick}
                x={at.left - 4}
                y={at.y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {tick}
              </text>
            ))}
            <text
              className={classes.tick}
              x={at.first === at.last ? at.x(at.first) : at.left}
              y={CHART_HEIGHT - 4}
              textAnchor={at.first === at.last ? 'middle' : 'start'}
            >
              {dateOf(at.first)}
            </text>
            {at.first !== at.last && (
              <text className={classes.tick} x={at.right} y={CHART_HEIGHT - 4} textAnchor="end">
                {dateOf(at.last)}
              </text>
            )}
            {trend.series.map((line, index) => (
              <g key={line.key} stroke={LINE_COLOURS[index] ?? LINE_COLOURS[0]}>
                <path
                  data-trend-line={line.key}
                  d={linePath(trend.points, line.key, at)}
                  fill="none"
                  strokeWidth={2}
                  strokeDasharray={DASHES[index]}
                  strokeLinejoin="round"
                />
                {dots &&
                  trend.points.map((point) => {
                    const value = point[line.key];
                    return value === undefined ? null : (
                      <circle
                        key={point.time}
                        cx={at.x(point.time)}
                        cy={at.y(value)}
                        r={3}
                        fill="var(--mantine-color-body)"
                        strokeWidth={2}
                      />
                    );
                  })}
              </g>
            ))}
          </svg>
        )}
      </div>
    </figure>
  );
});

/** A time on the axis as the app writes dates. */
const dateOf = (time: number): string => formatDate(new Date(time).toISOString());

/** The width of the grid's first cell: read before the first paint, then whenever it changes. */
function useCellWidth() {
  const cell = useRef<HTMLLIElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = cell.current;
    if (!element) return undefined;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { cell, width };
}

/** A small line chart for each vital sign's trend, its latest value and date above it. */
export default function VitalTrendCharts({ trends }: { trends: VitalTrend[] }) {
  const { cell, width } = useCellWidth();
  return (
    <ul className={classes.grid} aria-label="Vital sign trends">
      {trends.map((trend, index) => (
        <li key={trend.key} ref={index === 0 ? cell : undefined}>
          <TrendChart trend={trend} width={width} />
        </li>
      ))}
    </ul>
  );
}
