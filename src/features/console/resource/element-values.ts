import { tryGetDataType, type InternalSchemaElement, type InternalTypeSchema } from '@medplum/core';

/** One element of a value as its type's schema names it, with the property that holds it. */
export interface PresentElement {
  /** The property in the JSON ('deceasedBoolean'). */
  key: string;
  /** The element's name in the schema ('deceased[x]'), or the key when the schema lacks it. */
  name: string;
  /** The FHIR type of this value ('boolean'), undefined when the schema lacks the element. */
  type?: string;
  value: unknown;
  element?: InternalSchemaElement;
}

/** True for a value with nothing to show: null, '', [], {} or only empty fields. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The schema of a data type, resource or backbone element ('PatientContact'), if known. */
export function schemaOf(typeName: string): InternalTypeSchema | undefined {
  return tryGetDataType(typeName);
}

/** Properties of the value that no schema element explains: they show as errors naming their path. */
const IGNORED_KEYS = new Set(['resourceType']);

/**
 * The non-empty elements of a value in its schema's order; choice elements ('value[x]') resolve to
 * the type the value uses; properties the schema does not know come last, without a type.
 */
export function presentElements(
  value: Record<string, unknown>,
  schema: InternalTypeSchema
): PresentElement[] {
  const found: PresentElement[] = [];
  const used = new Set<string>(IGNORED_KEYS);
  for (const [name, element] of Object.entries(schema.elements)) {
    if (name.includes('.')) continue;
    if (name.endsWith('[x]')) {
      const base = name.slice(0, -3);
      for (const elementType of element.type) {
        const key = base + capitalize(elementType.code);
        if (key in value) {
          used.add(key);
          if (!isEmptyValue(value[key]))
            found.push({ key, name, type: elementType.code, value: value[key], element });
        }
      }
      continue;
    }
    if (!(name in value)) continue;
    used.add(name);
    if (isEmptyValue(value[name])) continue;
    found.push({ key: name, name, type: element.type[0]?.code, value: value[name], element });
  }
  for (const key of Object.keys(value)) {
    // '_birthDate' carries a primitive's id and extensions: shown with nothing of its own.
    if (used.has(key) || key.startsWith('_') || isEmptyValue(value[key])) continue;
    found.push({ key, name: key, value: value[key] });
  }
  return found;
}
