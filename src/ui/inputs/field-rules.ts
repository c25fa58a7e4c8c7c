/**
 * What the generic inputs need to know beyond the schema: the option lists the console offers,
 * which sub-fields of a data type it shows and how, and which types are primitives.
 * Every complex type without an entry here is laid out from its schema alone.
 */

/** Fixed choices for coded elements, by element path; other bound codes come from their ValueSet. */
const OPTION_LISTS: Record<string, readonly string[]> = {
  'ContactPoint.system': ['email', 'phone', 'fax', 'pager', 'sms', 'other'],
  'ContactPoint.use': ['home', 'work', 'temp', 'old', 'mobile'],
  'HumanName.use': ['temp', 'old', 'usual', 'official', 'nickname', 'anonymous', 'maiden'],
  'Address.use': ['home', 'work', 'temp', 'old', 'billing'],
  'Address.type': ['postal', 'physical', 'both'],
  'Money.currency': ['USD', 'EUR', 'CAD', 'GBP', 'AUD'],
  'Quantity.comparator': ['<', '<=', '>=', '>'],
  'Timing.repeat.periodUnit': ['s', 'min', 'h', 'd', 'wk', 'mo', 'a'],
  'Timing.repeat.dayOfWeek': ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
};

/** Quantity's profiles (Duration, Age, ...) share its comparator list. */
const QUANTITY_PROFILES = ['Age', 'Count', 'Distance', 'Duration', 'MoneyQuantity', 'SimpleQuantity'];

/** The fixed options of the element at `path` ('Duration.comparator'), if the console has a list. */
export function optionList(path: string): readonly string[] | undefined {
  const [type, ...rest] = path.split('.');
  const asQuantity = type && QUANTITY_PROFILES.includes(type) ? ['Quantity', ...rest].join('.') : path;
  return OPTION_LISTS[path] ?? OPTION_LISTS[asQuantity];
}

/** The sub-fields shown for a data type, in order (hidden ones keep their values). */
const LAYOUTS: Record<string, readonly string[]> = {
  Address: ['use', 'type', 'line', 'city', 'state', 'postalCode', 'country'],
  Annotation: ['text', 'time'],
  Attachment: ['contentType', 'url', 'title'],
  ContactPoint: ['system', 'use', 'value'],
  HumanName: ['use', 'prefix', 'given', 'family', 'suffix'],
  Money: ['currency', 'value'],
  Quantity: ['comparator', 'value', 'unit'],
};

/** Sub-fields no nested input shows: they hold machinery, not data a user types. */
const NESTED_HIDDEN = new Set(['id', 'extension', 'modifierExtension']);

/** Resource-level elements the form does not edit (id is shown disabled on its own). */
export const RESOURCE_HIDDEN = new Set([
  'id',
  'meta',
  'implicitRules',
  'text',
  'contained',
  'modifierExtension',
]);

/** The sub-fields to lay out for a data type, given all its element names in schema order. */
export function layoutFields(typeName: string, elementNames: readonly string[]): readonly string[] {
  const layout = LAYOUTS[QUANTITY_PROFILES.includes(typeName) ? 'Quantity' : typeName];
  if (layout) return layout.filter((name) => elementNames.includes(name));
  return elementNames.filter((name) => !NESTED_HIDDEN.has(name));
}

/** Data types small enough to sit on one row; the others are framed and stacked. */
const INLINE_TYPES = new Set([
  'Address',
  'Attachment',
  'Coding',
  'ContactPoint',
  'HumanName',
  'Money',
  'Period',
  'Quantity',
  ...QUANTITY_PROFILES,
]);

export const isInlineType = (typeName: string): boolean => INLINE_TYPES.has(typeName);

/** String lists typed as one space-separated line ('Jane Mary'). */
const SPACE_SEPARATED = new Set(['HumanName.prefix', 'HumanName.given', 'HumanName.suffix']);

export const isSpaceSeparated = (path: string): boolean => SPACE_SEPARATED.has(path);

/** Lists shown as a fixed number of inputs instead of add and remove ('two lines'). */
const FIXED_LENGTHS: Record<string, number> = { 'Address.line': 2 };

export const fixedLength = (path: string): number | undefined => FIXED_LENGTHS[path];

/** The FHIR primitive types: each is edited by one input, never as sub-fields. */
const PRIMITIVE_TYPES = new Set([
  'string',
  'uri',
  'url',
  'canonical',
  'uuid',
  'oid',
  'id',
  'code',
  'base64Binary',
  'markdown',
  'decimal',
  'integer',
  'integer64',
  'positiveInt',
  'unsignedInt',
  'boolean',
  'date',
  'dateTime',
  'instant',
  'time',
]);

export const isPrimitiveType = (code: string): boolean => PRIMITIVE_TYPES.has(code);
