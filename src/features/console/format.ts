import type {
  Address,
  CodeableConcept,
  Coding,
  ContactPoint,
  HumanName,
  Identifier,
  Period,
  Quantity,
  Range,
  Reference,
} from '@medplum/fhirtypes';

/** Plain-text renderings of FHIR values for tables and the details tree. */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const joined = (parts: (string | undefined)[], separator = ' '): string =>
  parts.filter((part) => part !== undefined && part !== '').join(separator);

export function humanNameText(name: HumanName | undefined): string {
  if (!name) return '';
  if (name.text) return name.text;
  return joined([...(name.prefix ?? []), ...(name.given ?? []), name.family, ...(name.suffix ?? [])]);
}

/** The first name of a list ('Alice Smith'). */
export function namesText(names: HumanName[] | undefined): string {
  return humanNameText(names?.[0]);
}

export function referenceText(reference: Reference | undefined): string {
  return reference?.display || reference?.reference || '';
}

export function codingText(coding: Coding | undefined): string {
  return coding?.display || coding?.code || '';
}

export function conceptText(concept: CodeableConcept | undefined): string {
  return concept?.text || codingText(concept?.coding?.[0]);
}

export function quantityText(quantity: Quantity | undefined): string {
  if (!quantity || quantity.value === undefined) return '';
  return joined([quantity.comparator, String(quantity.value), quantity.unit ?? quantity.code]);
}

export function rangeText(range: Range | undefined): string {
  if (!range) return '';
  const low = quantityText(range.low);
  const high = quantityText(range.high);
  if (low && high) return `${low} – ${high}`;
  if (low) return `>= ${low}`;
  if (high) return `<= ${high}`;
  return '';
}

/** '2024-03-01 09:30' from an ISO date-time; a date stays a date. */
export function dateTimeText(value: string | undefined): string {
  if (!value) return '';
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(value);
  return match ? joined([match[1], match[2]]) : value;
}

function periodText(period: Period): string {
  return joined([dateTimeText(period.start), dateTimeText(period.end)], ' – ');
}

function addressText(address: Address): string {
  return joined([...(address.line ?? []), address.city, address.state, address.postalCode], ', ');
}

/** A value of a known data type as one line, or undefined when it is better shown as a tree. */
export function dataTypeText(value: unknown): string | undefined {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (!isObject(value)) return undefined;
  if ('reference' in value || ('display' in value && Object.keys(value).length <= 3 && 'type' in value)) {
    return referenceText(value as Reference);
  }
  if ('coding' in value || ('text' in value && Object.keys(value).length === 1)) {
    return conceptText(value as CodeableConcept);
  }
  if ('family' in value || 'given' in value) return humanNameText(value as HumanName);
  if (
    'system' in value &&
    'code' in value &&
    Object.keys(value).every((k) => ['system', 'code', 'display', 'version'].includes(k))
  ) {
    return joined([
      codingText(value as Coding),
      (value as Coding).system ? `(${(value as Coding).system})` : undefined,
    ]);
  }
  if ('value' in value && ('unit' in value || 'code' in value)) return quantityText(value as Quantity);
  if ('system' in value && 'value' in value && Object.keys(value).length <= 4) {
    const contact = value as ContactPoint | Identifier;
    return joined([String(contact.value ?? ''), contact.system ? `(${contact.system})` : undefined]);
  }
  if (('start' in value || 'end' in value) && Object.keys(value).length <= 2)
    return periodText(value as Period);
  if ('city' in value || 'postalCode' in value || 'line' in value) return addressText(value as Address);
  return undefined;
}

/** 'valueQuantity' → 'Value Quantity'; '_lastUpdated' → 'Last Updated'. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/^_/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
