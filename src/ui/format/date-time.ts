import type { Period } from '@medplum/fhirtypes';

/**
 * Where and for whom a value is shown. Without a locale, dates read year-month-day with a 24-hour
 * clock ('2024-03-02 09:30'), the one form no reader can take for another day; with a locale, they
 * read as that locale writes them. Without a time zone, the user's own zone is used.
 */
export interface DisplayOptions {
  locale?: string;
  timeZone?: string;
}

/** A FHIR date: a year, a year and month, or a whole day, with no time and so no zone. */
const BARE_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
/** A FHIR time of day: hours, minutes and optionally seconds, with no zone. */
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

const numericParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar parts of an instant as they read in a time zone (undefined: the user's zone). */
function partsIn(date: Date, timeZone: string | undefined): Record<string, string> {
  const key = timeZone ?? '';
  let format = numericParts.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    numericParts.set(key, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * Builds the user's-zone formatter ahead of the first list: its first construction loads the zone's
 * calendar data, tens of milliseconds that would otherwise fall on the first rows drawn.
 */
export function prepareDateFormats(): void {
  partsIn(new Date(0), undefined);
}

/** A bare date as written: it names a calendar day, not an instant, so no zone moves it. */
function formatBareDate(match: RegExpExecArray, locale: string | undefined): string {
  const [text, year, month, day] = match;
  if (!locale) return text;
  const utc = new Date(Date.UTC(Number(year), Number(month ?? 1) - 1, Number(day ?? 1)));
  const fields: Intl.DateTimeFormatOptions = day
    ? { dateStyle: 'medium' }
    : month
      ? { year: 'numeric', month: 'long' }
      : { year: 'numeric' };
  return new Intl.DateTimeFormat(locale, { ...fields, timeZone: 'UTC' }).format(utc);
}

/** How far a date-time is shown: the day it falls on, or that day and the time to the minute. */
type Precision = 'day' | 'minute';

/** A bare date as the day it names; a date-time in the zone, to the given precision. */
function formatMoment(value: string | undefined, options: DisplayOptions, precision: Precision): string {
  if (!value) return '';
  const bare = BARE_DATE.exec(value);
  if (bare) return formatBareDate(bare, options.locale);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (options.locale) {
    const time: Intl.DateTimeFormatOptions = precision === 'minute' ? { timeStyle: 'short' } : {};
    return new Intl.DateTimeFormat(options.locale, {
      dateStyle: 'medium',
      ...time,
      timeZone: options.timeZone,
    }).format(date);
  }
  const parts = partsIn(date, options.timeZone);
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return precision === 'minute' ? `${day} ${parts.hour}:${parts.minute}` : day;
}

/**
 * A FHIR date or the day of a date-time: a bare date ('1980-05-01', '1980-05', '1980') exactly as the
 * day it names; a date-time as the day it falls on in the user's zone. Unreadable text is shown as
 * it is, '' when unset.
 */
export function formatDate(value: string | undefined, options: DisplayOptions = {}): string {
  return formatMoment(value, options, 'day');
}

/**
 * A FHIR date-time or instant to the minute in the user's zone ('2024-03-02 09:30'); a date-time
 * that is only a date stays that date. Unreadable text is shown as it is, '' when unset.
 */
export function formatDateTime(value: string | undefined, options: DisplayOptions = {}): string {
  return formatMoment(value, options, 'minute');
}

/** An instant (meta.lastUpdated, issued) reads as a date-time does. */
export const formatInstant = formatDateTime;

/** A FHIR time of day ('09:30:00') as written to the minute, or in the locale; no zone moves it. */
export function formatTime(value: string | undefined, options: DisplayOptions = {}): string {
  if (!value) return '';
  const match = TIME_OF_DAY.exec(value);
  if (!match) return value;
  const [, hours, minutes] = match;
  if (!options.locale) return `${hours}:${minutes}`;
  const utc = new Date(Date.UTC(2000, 0, 1, Number(hours), Number(minutes)));
  return new Intl.DateTimeFormat(options.locale, { timeStyle: 'short', timeZone: 'UTC' }).format(utc);
}

/** 'start – end'; one end alone when the other is open; '' when both are. */
export function formatPeriod(period: Period | undefined, options: DisplayOptions = {}): string {
  if (!period) return '';
  return [formatDateTime(period.start, options), formatDateTime(period.end, options)]
    .filter(Boolean)
    .join(' – ');
}
