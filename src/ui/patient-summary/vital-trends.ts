import type { Observation } from '@medplum/fhirtypes';
import { BLOOD_PRESSURE, DIASTOLIC, SYSTOLIC, VITAL_SIGNS, vitalSignOf } from '@/fhir/clinical-rules';
import { normalRangeOf, referenceRangesOf, type NormalRange } from '@/fhir/vital-ranges';
import { formatDate } from '../format/date-time';
import { ucumUnitText } from '@/fhir/ucum-text';
import { componentQuantity, vitalValueText } from './vital-text';

/** A trend is drawn from this many readings of one sign in one unit. */
export const TREND_MIN_READINGS = 2;

/** One line of a trend chart: the key of its values in the points, and its normal range. */
export interface TrendSeries {
  key: 'value' | 'systolic' | 'diastolic';
  label: string;
  range?: NormalRange;
}

/** One reading on the chart: when (ms since 1970) and its value per line. */
export interface TrendPoint {
  time: number;
  value?: number;
  systolic?: number;
  diastolic?: number;
}

/** The readings of one vital sign in one unit, oldest first, with the latest as text. */
export interface VitalTrend {
  /** The sign's LOINC code and the UCUM code of its unit ('8867-4 /min'). */
  key: string;
  title: string;
  /** The unit as people read it ('mmHg'). */
  unit: string;
  series: TrendSeries[];
  points: TrendPoint[];
  /** The value axis: every reading and every range bound, in whole steps; its ticks. */
  domain: [number, number];
  ticks: number[];
  latestValue: string;
  latestDate: string;
  /** What the chart shows, for those who cannot see it. */
  description: string;
}

interface Reading {
  time: number;
  observation: Observation;
  point: TrendPoint;
}

const timeOf = (observation: Observation): number =>
  Date.parse(observation.effectiveDateTime ?? observation.effectivePeriod?.start ?? observation.issued ?? '');

/** A reading's unit code (UCUM), the key that keeps readings in other units off the same chart. */
function unitCodeOf(observation: Observation): string {
  if (observation.component?.length) {
    const part =
      componentQuantity(observation, SYSTOLIC.code) ?? componentQuantity(observation, DIASTOLIC.code);
    return part?.code ?? part?.unit ?? BLOOD_PRESSURE.unit;
  }
  return observation.valueQuantity?.code ?? observation.valueQuantity?.unit ?? '';
}

/** The values a reading adds to its chart; undefined when it has no number to draw. */
function pointOf(observation: Observation, time: number): TrendPoint | undefined {
  if (observation.component?.length) {
    const systolic = componentQuantity(observation, SYSTOLIC.code)?.value;
    const diastolic = componentQuantity(observation, DIASTOLIC.code)?.value;
    return systolic === undefined && diastolic === undefined ? undefined : { time, systolic, diastolic };
  }
  const value = observation.valueQuantity?.value;
  return value === undefined ? undefined : { time, value };
}

/** '60–100 /min', '≥ 95%', '' when there is no range. */
function rangeText(range: NormalRange | undefined, unit: string): string {
  if (!range) return '';
  const bounds =
    range.low !== undefined && range.high !== undefined
      ? `${range.low}–${range.high}`
      : range.low !== undefined
        ? `≥ ${range.low}`
        : `≤ ${range.high}`;
  return unit === '%' ? `${bounds}%` : `${bounds} ${unit}`;
}

function describe(
  title: string,
  readings: number,
  latest: string,
  date: string,
  series: TrendSeries[],
  unit: string
) {
  const ranges = series
    .filter((line) => line.range)
    .map((line) => (series.length > 1 ? `${line.label.toLowerCase()} ` : '') + rangeText(line.range, unit));
  const normal = ranges.length ? `; normal range ${ranges.join(', ')}` : '';
  return `${title} trend, ${readings} readings, latest ${latest} on ${date}${normal}`;
}

/** A step of 1, 2 or 5 times a power of ten that cuts `span` into at most four parts. */
function niceStep(span: number): number {
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough) ?? 10 * power;
}

/**
 * The value axis: every reading and every range bound, widened to whole steps of 1, 2 or 5 (times a
 * power of ten); its ticks at each step (every other one past five).
 */
function axisOf(points: TrendPoint[], series: TrendSeries[]): { domain: [number, number]; ticks: number[] } {
  const values = [
    ...points.flatMap((point) => series.map((line) => point[line.key])),
    ...series.flatMap((line) => [line.range?.low, line.range?.high]),
  ].filter((value): value is number => value !== undefined);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const step = niceStep(Math.max(high - low, 1));
  // Rounded to the step's own decimals, so 36.6 + 0.2 is 36.8 and not 36.800000000000004.
  const places = Math.max(0, -Math.floor(Math.log10(step)));
  const round = (value: number) => Number(value.toFixed(places));
  const from = round(Math.floor(low / step) * step);
  const to = round(Math.ceil(high / step) * step);
  const count = Math.round((to - from) / step);
  const ticks = Array.from({ length: count + 1 }, (_, index) => round(from + index * step));
  return { domain: [from, to], ticks: count > 4 ? ticks.filter((_, index) => index % 2 === 0) : ticks };
}

function trendOf(code: string, unitCode: string, readings: Reading[]): VitalTrend {
  const sign = VITAL_SIGNS.find((item) => item.code === code);
  const title = sign?.display ?? code;
  const unit = ucumUnitText(unitCode);
  const sorted = [...readings].sort((a, b) => a.time - b.time);
  const latest = sorted[sorted.length - 1] as Reading;
  const series: TrendSeries[] =
    code === BLOOD_PRESSURE.code
      ? [
          {
            key: 'systolic',
            label: 'Systolic',
            range: normalRangeOf(
              SYSTOLIC.code,
              unitCode,
              referenceRangesOf(latest.observation, SYSTOLIC.code)
            ),
          },
          {
            key: 'diastolic',
            label: 'Diastolic',
            range: normalRangeOf(
              DIASTOLIC.code,
              unitCode,
              referenceRangesOf(latest.observation, DIASTOLIC.code)
            ),
          },
        ]
      : [
          {
            key: 'value',
            label: title,
            range: normalRangeOf(code, unitCode, latest.observation.referenceRange),
          },
        ];
  const points = sorted.map((reading) => reading.point);
  const latestValue = vitalValueText(latest.observation);
  const latestDate = formatDate(latest.observation.effectiveDateTime ?? new Date(latest.time).toISOString());
  return {
    key: `${code} ${unitCode}`,
    title,
    unit,
    series,
    points,
    ...axisOf(points, series),
    latestValue,
    latestDate,
    description: describe(title, sorted.length, latestValue, latestDate, series, unit),
  };
}

/**
 * The trends of a patient's vital signs: for each sign (in the summary's order) and unit with at
 * least two dated readings that have a number, its readings oldest first, the latest value and
 * date, and the normal range of each line (the latest reading's own reference range, else the usual
 * adult range). Blood pressure has two lines, systolic and diastolic.
 */
export function vitalTrends(vitals: readonly Observation[]): VitalTrend[] {
  const groups = new Map<string, { code: string; unit: string; readings: Reading[] }>();
  for (const observation of vitals) {
    const sign = vitalSignOf(observation);
    const time = timeOf(observation);
    const point = sign && !Number.isNaN(time) ? pointOf(observation, time) : undefined;
    if (!sign || !point) continue;
    const unit = unitCodeOf(observation);
    const key = `${sign.code} ${unit}`;
    const group = groups.get(key) ?? { code: sign.code, unit, readings: [] };
    group.readings.push({ time, observation, point });
    groups.set(key, group);
  }
  const order = (code: string) => VITAL_SIGNS.findIndex((sign) => sign.code === code);
  return [...groups.values()]
    .filter((group) => group.readings.length >= TREND_MIN_READINGS)
    .sort((a, b) => order(a.code) - order(b.code) || a.unit.localeCompare(b.unit))
    .map((group) => trendOf(group.code, group.unit, group.readings));
}
