import { formatValue } from '@/ui';

/** Plain-text renderings of FHIR values for tables and the details tree. */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasOnly = (value: Json, keys: readonly string[]): boolean =>
  Object.keys(value).every((key) => keys.includes(key));

/** ContactPoint.system codes; an identifier's system is a URI instead. */
const CONTACT_SYSTEMS = ['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other'];

/**
 * The FHIR data type a value of unknown type has by its shape, or undefined when it is better shown
 * as a tree. Until the display reads element types from the schema, this names them.
 */
export function elementTypeOf(value: unknown): string | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'decimal';
  if (typeof value === 'boolean') return 'boolean';
  if (!isObject(value)) return undefined;
  if ('reference' in value || ('display' in value && Object.keys(value).length <= 3 && 'type' in value)) {
    return 'Reference';
  }
  if ('coding' in value || ('text' in value && Object.keys(value).length === 1)) return 'CodeableConcept';
  if ('family' in value || 'given' in value) return 'HumanName';
  if ('system' in value && 'code' in value && hasOnly(value, ['system', 'code', 'display', 'version'])) {
    return 'Coding';
  }
  if ('value' in value && ('unit' in value || 'code' in value)) return 'Quantity';
  if ('system' in value && 'value' in value && Object.keys(value).length <= 4) {
    return CONTACT_SYSTEMS.includes(String(value.system)) ? 'ContactPoint' : 'Identifier';
  }
  if (('start' in value || 'end' in value) && Object.keys(value).length <= 2) return 'Period';
  if ('city' in value || 'postalCode' in value || 'line' in value) return 'Address';
  return undefined;
}

/** A value of a known data type as one line, or undefined when it is better shown as a tree. */
export function dataTypeText(value: unknown): string | undefined {
  if (value === null || value === undefined) return '';
  const elementType = elementTypeOf(value);
  return elementType ? formatValue(value, elementType) : undefined;
}

/** 'valueQuantity' → 'Value Quantity'; '_lastUpdated' → 'Last Updated'. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/^_/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
