import type { Communication, HumanName, Reference, Resource } from '@medplum/fhirtypes';
import { compileExpression } from '@/fhir/search/expression';
import {
  formatDateTime,
  formatHumanName,
  formatValue,
  NO_NAMES,
  referenceLabel,
  type ReferenceNames,
  type SearchParameterInfo,
} from '@/ui';
import { dataTypeText, fieldLabel } from '../format';

/** One column of the resource list: a field of the URL's `_fields` (or the defaults) and its text. */
export interface ResourceColumn {
  field: string;
  heading: string;
  /** The text of a cell; references read as the names of what they point at when known. */
  value: (resource: Resource, names?: ReferenceNames) => string;
  /** A column of references (subject, sender) links to what it names. */
  references?: (resource: Resource) => Reference[];
  /** The search parameter of the same code, when there is one: the column can be sorted and filtered. */
  parameter?: SearchParameterInfo;
}

/** The references an element holds: one, a list, or none when it is something else. */
function referencesIn(value: unknown): Reference[] {
  const all = Array.isArray(value) ? value : [value];
  return all.filter(
    (item): item is Reference =>
      typeof item === 'object' && item !== null && typeof (item as Reference).reference === 'string'
  );
}

/** The columns of a type when the URL names none. */
export function defaultFields(resourceType: string): string[] {
  switch (resourceType) {
    case 'Patient':
    case 'Practitioner':
      return ['name', 'birthdate', 'gender'];
    case 'DiagnosticReport':
      return ['subject', 'code', 'status'];
    case 'Communication':
      return ['sender', 'recipient', 'payload'];
    default:
      return ['id', '_lastUpdated'];
  }
}

/** Sort of a list whose URL names none ('-_lastUpdated': the most recently changed first, for types other than Task). */
export const DEFAULT_SORT = '-_lastUpdated';

const field = (resource: Resource, name: string): unknown =>
  (resource as unknown as Record<string, unknown>)[name];

/** Search parameter names whose element is spelled differently. */
const ELEMENTS: Record<string, string> = { birthdate: 'birthDate', 'family-name': 'name' };

/** A value or a list of values as one line. */
export function elementText(value: unknown): string {
  if (Array.isArray(value))
    return value
      .map((item) => dataTypeText(item) ?? '')
      .filter(Boolean)
      .join(', ');
  return dataTypeText(value) ?? '';
}

const SPECIAL: Record<string, Omit<ResourceColumn, 'field'>> = {
  id: { heading: 'ID', value: (resource) => resource.id ?? '' },
  _lastUpdated: { heading: 'Last Updated', value: (resource) => formatDateTime(resource.meta?.lastUpdated) },
  name: {
    heading: 'Name',
    value: (resource) => {
      const name = field(resource, 'name');
      return Array.isArray(name) ? formatHumanName((name as HumanName[])[0]) : elementText(name);
    },
  },
  payload: {
    heading: 'Payload',
    value: (resource) =>
      ((resource as Communication).payload ?? [])
        .map((part) => part.contentString ?? part.contentAttachment?.title ?? '')
        .filter(Boolean)
        .join(' '),
  },
};

/**
 * The values a search parameter's expression finds in a resource, each formatted by its FHIR type; a
 * reference reads as the name of what it points at when known (a sender as 'Bob Jones', not
 * 'Practitioner/123').
 */
function parameterColumn(
  resourceType: string,
  expression: string
): Pick<ResourceColumn, 'value' | 'references'> {
  const evaluate = compileExpression(expression, resourceType);
  return {
    value: (resource, names = NO_NAMES) =>
      evaluate(resource)
        .map((typed) => {
          const [reference] = referencesIn(typed.value);
          return reference
            ? referenceLabel(reference, names)
            : (formatValue(typed.value, typed.type) ?? dataTypeText(typed.value) ?? '');
        })
        .filter(Boolean)
        .join(', '),
    references: (resource) => referencesIn(evaluate(resource).map((typed) => typed.value)),
  };
}

/**
 * The columns of `fields`: a search parameter's column shows what its expression finds; an element's
 * shows the element. `parameters` are the type's search parameters (empty while they load).
 */
export function resourceColumns(
  fields: readonly string[],
  resourceType = '',
  parameters: readonly SearchParameterInfo[] = []
): ResourceColumn[] {
  const byCode = new Map(parameters.map((parameter) => [parameter.code, parameter]));
  return fields.map((name) => {
    const parameter = byCode.get(name);
    const special = SPECIAL[name];
    if (special) return { field: name, ...special, parameter };
    if (parameter?.expression && ELEMENTS[name] === undefined) {
      return {
        field: name,
        heading: fieldLabel(name),
        ...parameterColumn(resourceType, parameter.expression),
        parameter,
      };
    }
    const element = ELEMENTS[name] ?? name;
    return {
      field: name,
      heading: fieldLabel(name),
      value: (resource, names = NO_NAMES) => {
        const value = field(resource, element);
        const references = referencesIn(value);
        if (references.length === 0) return elementText(value);
        return references.map((reference) => referenceLabel(reference, names)).join(', ');
      },
      references: (resource) => referencesIn(field(resource, element)),
      parameter,
    };
  });
}
