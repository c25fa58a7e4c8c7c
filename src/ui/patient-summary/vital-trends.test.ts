import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { bloodPressureObservation, VITAL_SIGNS, vitalObservation } from '@/fhir/clinical-rules';
import { vitalTrends } from './vital-trends';

const subject = { reference: 'Patient/p1' };
const at = (day: number) => ({ subject, effectiveDateTime: `2026-11-0${day}T09:00:00Z` });
const [, HEART_RATE, TEMPERATURE, , HEIGHT] = VITAL_SIGNS;
const reading = (sign: typeof HEART_RATE, value: string | number, day: number) =>
  vitalObservation(sign!, value, at(day)) as Observation;
const pressure = (systolic: number, diastolic: number | string, day: number) =>
  bloodPressureObservation({ systolic, diastolic }, at(day)) as Observation;

describe('vital sign trends', () => {
  it('draw each sign with two or more readings, oldest first, in the summary’s order', () => {
    const trends = vitalTrends([
      reading(HEART_RATE, 72, 3),
      reading(HEIGHT, 170, 1),
      reading(HEART_RATE, 80, 1),
      pressure(120, 80, 2),
      pressure(130, 85, 1),
      reading(HEART_RATE, 76, 2),
    ]);
    expect(trends.map((trend) => trend.title)).toEqual(['Blood pressure', 'Heart rate']);
    const heart = trends[1]!;
    expect(heart.points.map((point) => point.value)).toEqual([80, 76, 72]);
    expect(heart.latestValue).toBe('72 /min');
    expect(heart.latestDate).toBe('2026-11-03');
    expect(heart.domain).toEqual([60, 100]);
    expect(heart.ticks).toEqual([60, 70, 80, 90, 100]);
    expect(heart.description).toBe(
      'Heart rate trend, 3 readings, latest 72 /min on 2026-11-03; normal range 60–100 /min'
    );
  });

  it('give blood pressure two lines, systolic and diastolic, each with its normal range', () => {
    const [bp] = vitalTrends([pressure(130, 85, 1), pressure(120, '', 2)]);
    expect(bp?.series.map((line) => [line.key, line.range?.low, line.range?.high])).toEqual([
      ['systolic', 90, 120],
      ['diastolic', 60, 80],
    ]);
    expect(bp?.points).toEqual([
      { time: Date.parse('2026-11-01T09:00:00Z'), systolic: 130, diastolic: 85 },
      { time: Date.parse('2026-11-02T09:00:00Z'), systolic: 120, diastolic: undefined },
    ]);
    expect(bp?.latestValue).toBe('120/– mmHg');
    expect(bp?.description).toBe(
      'Blood pressure trend, 2 readings, latest 120/– mmHg on 2026-11-02; normal range systolic 90–120 mmHg, diastolic 60–80 mmHg'
    );
  });

  it('shade the observation’s own reference range over the usual one, and keep the places typed', () => {
    const own: Observation = {
      ...reading(TEMPERATURE, '37.0', 2),
      referenceRange: [
        { low: { value: 36, unit: 'Cel', code: 'Cel' }, high: { value: 37.5, unit: 'Cel', code: 'Cel' } },
      ],
    };
    const [temperature] = vitalTrends([reading(TEMPERATURE, 36.8, 1), own]);
    expect(temperature?.series[0]?.range).toEqual({ low: 36, high: 37.5, unit: 'Cel' });
    expect(temperature?.latestValue).toBe('37.0 °C');
    expect(temperature?.domain).toEqual([36, 37.5]);
    expect(temperature?.ticks).toEqual([36, 36.5, 37, 37.5]);
  });

  it('keep readings in another unit off the chart, and draw nothing from one reading or none dated', () => {
    const fahrenheit = { ...reading(TEMPERATURE, 98.6, 2) };
    fahrenheit.valueQuantity = { ...fahrenheit.valueQuantity, unit: '[degF]', code: '[degF]' };
    const undated = { ...reading(HEART_RATE, 70, 2), effectiveDateTime: undefined };
    expect(vitalTrends([reading(TEMPERATURE, 36.8, 1), fahrenheit])).toEqual([]);
    expect(vitalTrends([reading(HEART_RATE, 72, 1), undated])).toEqual([]);
    expect(vitalTrends([])).toEqual([]);
  });
});
