/**
 * Conversions between FHIR dates, date-times and times and the browser's local inputs: one rule for
 * every input that shows them, in a resource form, a questionnaire or a dialog.
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A FHIR dateTime or instant as a local 'YYYY-MM-DDTHH:mm[:ss]' input value (seconds only when
 * not zero, as browsers normalise it). A bare or partial date is shown at the start of that day;
 * an unreadable value shows nothing.
 */
export function toLocalInput(value: string | undefined): string {
  if (!value) return '';
  const partial = /^(\d{4})(?:-(\d\d))?(?:-(\d\d))?$/.exec(value);
  if (partial) return `${partial[1]}-${partial[2] ?? '01'}-${partial[3] ?? '01'}T00:00`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}` +
    (date.getSeconds() ? `:${pad(date.getSeconds())}` : '')
  );
}

/** A local input value as a FHIR instant in UTC ('2024-03-02T09:30:00.000Z'), or undefined. */
export function fromLocalInput(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A time input's value as a FHIR time, which always has seconds ('09:30' → '09:30:00'). */
export function toFhirTime(local: string): string | undefined {
  if (!local) return undefined;
  return /^\d\d:\d\d$/.test(local) ? `${local}:00` : local;
}
