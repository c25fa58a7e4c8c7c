/**
 * A deep copy of JSON-shaped data (FHIR resources and the records that hold them): plain objects and
 * arrays are copied member by member, which costs a fraction of structuredClone's serialise and
 * deserialise round. Anything else an object may hold (a Date, a Map, a Blob, a typed array) is
 * copied by structuredClone, so the result is what structuredClone would give, except that an object
 * reached twice is copied twice rather than shared. A function throws, as structuredClone does.
 */
export function cloneJson<T>(value: T): T {
  return copyValue(value) as T;
}

function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'function' ? structuredClone(value) : value;
  }
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i]);
    return out;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyValue((value as Record<string, unknown>)[key]);
  return out;
}
