/**
 * FHIR dates as ranges. A partial date (`2024`, `2024-05`, `2024-05-01`) or an instant covers the
 * half-open interval [start, end) in epoch milliseconds; times without a zone are read as UTC.
 */
export interface DateRange {
  start: number;
  end: number;
}

const DATE_RE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** Parses a FHIR date, dateTime or instant into the range it denotes; undefined when malformed. */
export function parseDateRange(text: string): DateRange | undefined {
  const m = DATE_RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = mo === undefined ? 1 : Number(mo);
  const day = d === undefined ? 1 : Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const fracMs = frac === undefined ? 0 : Number(`0.${frac}`) * 1000;
  const base = Date.UTC(year, month - 1, day, hour, minute, second) + fracMs;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  const start = base - zoneOffsetMs(zone);
  const end = endOfPrecision(start, { mo, d, h, s, frac }, year, month);
  return { start, end };
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const [hh, mm] = zone.slice(1).split(':').map(Number);
  return sign * ((hh ?? 0) * 60 + (mm ?? 0)) * 60_000;
}

function endOfPrecision(
  start: number,
  parts: { mo?: string; d?: string; h?: string; s?: string; frac?: string },
  year: number,
  month: number
): number {
  if (parts.mo === undefined) return Date.UTC(year + 1, 0, 1);
  if (parts.d === undefined) return Date.UTC(year, month, 1);
  if (parts.h === undefined) return start + 86_400_000;
  if (parts.s === undefined) return start + 60_000;
  if (parts.frac === undefined) return start + 1000;
  return start + Math.max(1, 10 ** (3 - Math.min(parts.frac.length, 3)));
}
