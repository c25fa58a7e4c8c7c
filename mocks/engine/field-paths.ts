import type { AccessPolicy, Resource } from '@medplum/fhirtypes';

/**
 * Field paths of an access policy (hiddenFields, readonlyFields) as Medplum writes them: element
 * names joined by dots ('birthDate', 'name.family', 'meta.author'); a step through an array applies
 * to every element.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths the policy's entries for a type (or '*') list under `key`. */
export function policyFields(
  policy: AccessPolicy | undefined,
  resourceType: string,
  key: 'hiddenFields' | 'readonlyFields'
): string[] {
  const fields = new Set<string>();
  for (const entry of policy?.resource ?? []) {
    if (entry.resourceType !== resourceType && entry.resourceType !== '*') continue;
    for (const path of entry[key] ?? []) if (path) fields.add(path);
  }
  return [...fields];
}

/** A copy of `value` without the element at `path`; `value` itself is never changed. */
function withoutPath(value: unknown, steps: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutPath(item, steps));
  const [step, ...rest] = steps;
  if (!isObject(value) || step === undefined || !(step in value)) return value;
  const copy: Json = { ...value };
  if (rest.length === 0) delete copy[step];
  else copy[step] = withoutPath(value[step], rest);
  return copy;
}

/** The element at `path`, or undefined (an array step collects every element's). */
function valueAt(value: unknown, steps: readonly string[]): unknown {
  if (steps.length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => valueAt(item, steps));
  const [step, ...rest] = steps;
  return isObject(value) && step !== undefined ? valueAt(value[step], rest) : undefined;
}

/**
 * A copy of `value` whose element at the path is the stored one's (absent when it has none). Arrays
 * of the same length are paired element by element; otherwise, if the protected values differ, the
 * whole array is the stored one.
 */
function keptFrom(value: unknown, stored: unknown, steps: readonly string[]): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return stored;
  if (Array.isArray(value) || Array.isArray(stored)) {
    if (Array.isArray(value) && Array.isArray(stored) && value.length === stored.length) {
      return value.map((item, i) => keptFrom(item, stored[i], steps));
    }
    return JSON.stringify(valueAt(value, steps)) === JSON.stringify(valueAt(stored, steps)) ? value : stored;
  }
  if (!isObject(value)) return valueAt(stored, steps) === undefined ? value : stored;
  const kept = keptFrom(value[step], isObject(stored) ? stored[step] : undefined, rest);
  if (kept === value[step]) return value;
  const copy: Json = { ...value };
  if (kept === undefined) delete copy[step];
  else copy[step] = kept;
  return copy;
}

/** A copy of the resource without the given fields. */
export function withoutFields<T extends Resource>(resource: T, paths: readonly string[]): T {
  let result: unknown = resource;
  for (const path of paths) result = withoutPath(result, path.split('.'));
  return result as T;
}

/**
 * A copy of `written` whose protected fields are those of `stored` (the current version): a write
 * cannot set, change or remove them. With no stored version they are removed.
 */
export function withFieldsKept<T extends Resource>(
  written: T,
  stored: Resource | undefined,
  paths: readonly string[]
): T {
  let result: unknown = written;
  for (const path of paths) {
    const steps = path.split('.');
    result = stored ? keptFrom(result, stored, steps) : withoutPath(result, steps);
  }
  return result as T;
}

/**
 * Every resource inside an answer (the answer itself, bundle entries at any depth, operation
 * parameters) with the fields its type hides taken out. Only what holds a resource is copied.
 */
export function hideFields<T>(value: T, hiddenOf: (resourceType: string) => readonly string[]): T {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const hidden = hideFields(item, hiddenOf);
      if (hidden !== item) changed = true;
      return hidden;
    });
    return (changed ? items : value) as T;
  }
  if (!isObject(value)) return value;
  let copy: Json | undefined;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child !== 'object' || child === null) continue;
    const hidden = hideFields(child, hiddenOf);
    if (hidden !== child) (copy ??= { ...value })[key] = hidden;
  }
  const result = copy ?? value;
  const type = result.resourceType;
  if (typeof type !== 'string') return result as T;
  const fields = hiddenOf(type);
  return (fields.length > 0 ? withoutFields(result as unknown as Resource, fields) : result) as T;
}
