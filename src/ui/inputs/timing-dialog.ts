import type { Timing, TimingRepeat } from '@medplum/fhirtypes';
import { cleanValue } from './clean-value';
import { fromLocalInput, toLocalInput } from './date-inputs';

/** What the Timing dialog edits. */
export interface TimingDraft {
  /** Local date-time input value of the first event ('' for none). */
  startsOn: string;
  repeat: boolean;
  /** As typed; see repeatPeriod. */
  period: string;
  periodUnit: NonNullable<TimingRepeat['periodUnit']>;
  dayOfWeek: NonNullable<TimingRepeat['dayOfWeek']>;
}

/** The unit names the dialog shows for each period unit. */
export const PERIOD_UNIT_LABELS: Record<TimingDraft['periodUnit'], string> = {
  s: 'seconds',
  min: 'minutes',
  h: 'hours',
  d: 'days',
  wk: 'weeks',
  mo: 'months',
  a: 'years',
};

export const DAY_LABELS: Record<TimingDraft['dayOfWeek'][number], string> = {
  sun: 'Sun',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
};

/** The dialog's starting state for a timing (a new one repeats daily). */
export function draftFromTiming(timing: Timing | undefined): TimingDraft {
  const repeat = timing?.repeat;
  return {
    startsOn: toLocalInput(timing?.event?.[0]),
    repeat: !!repeat,
    period: String(repeat?.period ?? 1),
    periodUnit: repeat?.periodUnit ?? 'd',
    dayOfWeek: repeat?.dayOfWeek ?? [],
  };
}

/** A repeat period as typed: a positive number, else 1. */
export function repeatPeriod(text: string): number {
  const period = Number(text);
  return text.trim() !== '' && Number.isFinite(period) && period > 0 ? period : 1;
}

/**
 * The timing the dialog describes, keeping what it does not edit (code, later events, other repeat
 * parts). Days of the week are kept only when the unit is weeks.
 */
export function timingFromDraft(draft: TimingDraft, previous: Timing | undefined): Timing | undefined {
  const start = fromLocalInput(draft.startsOn);
  const laterEvents = previous?.event?.slice(1) ?? [];
  const repeat: TimingRepeat | undefined = draft.repeat
    ? {
        ...previous?.repeat,
        period: repeatPeriod(draft.period),
        periodUnit: draft.periodUnit,
        dayOfWeek: draft.periodUnit === 'wk' ? draft.dayOfWeek : undefined,
      }
    : undefined;
  return cleanValue({ ...previous, event: start ? [start, ...laterEvents] : laterEvents, repeat });
}
