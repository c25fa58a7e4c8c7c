/**
 * A form value as valid FHIR: empty strings, null, NaN, empty arrays and empty objects are removed
 * (all the way down), since FHIR forbids empty elements. Returns undefined when nothing is left.
 */
export function cleanValue<T>(value: T): T | undefined {
  return cleanAny(value) as T | undefined;
}

function cleanAny(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map(cleanAny).filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, field]) => [key, cleanAny(field)] as const)
      .filter(([, field]) => field !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}
