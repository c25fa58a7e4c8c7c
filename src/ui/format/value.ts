import type {
  Address,
  Annotation,
  Attachment,
  CodeableConcept,
  Coding,
  ContactPoint,
  HumanName,
  Identifier,
  Money,
  Period,
  Quantity,
  Range,
  Ratio,
  Reference,
  Timing,
} from '@medplum/fhirtypes';
import { formatAddress } from './address';
import { formatCodeableConcept, formatCoding } from './concept';
import { formatDate, formatDateTime, formatPeriod, formatTime, type DisplayOptions } from './date-time';
import { formatHumanName } from './human-name';
import { formatContactPoint, formatIdentifier, formatReference } from './identifier';
import { formatMoney, formatQuantity, formatRange, formatRatio } from './quantity';
import { formatTiming } from './timing';

/** FHIR primitive types shown as they are written. */
const VERBATIM = new Set([
  'base64Binary',
  'boolean',
  'canonical',
  'code',
  'decimal',
  'id',
  'integer',
  'integer64',
  'markdown',
  'oid',
  'positiveInt',
  'string',
  'unsignedInt',
  'uri',
  'url',
  'uuid',
  'xhtml',
]);

/** Quantity and its profiles (Age, Count, Distance, Duration, ...) read alike. */
const QUANTITIES = new Set([
  'Age',
  'Count',
  'Distance',
  'Duration',
  'MoneyQuantity',
  'Quantity',
  'SimpleQuantity',
]);

type Formatter = (value: never, options: DisplayOptions) => string;

const BY_TYPE: Record<string, Formatter> = {
  date: (value: string, options) => formatDate(value, options),
  dateTime: (value: string, options) => formatDateTime(value, options),
  instant: (value: string, options) => formatDateTime(value, options),
  time: (value: string, options) => formatTime(value, options),
  Address: (value: Address) => formatAddress(value),
  Annotation: (value: Annotation) => value.text,
  Attachment: (value: Attachment) => value.title ?? value.url ?? '',
  CodeableConcept: (value: CodeableConcept) => formatCodeableConcept(value),
  Coding: (value: Coding) => formatCoding(value),
  ContactPoint: (value: ContactPoint) => formatContactPoint(value),
  HumanName: (value: HumanName) => formatHumanName(value),
  Identifier: (value: Identifier) => formatIdentifier(value),
  Money: (value: Money, options) => formatMoney(value, options),
  Period: (value: Period, options) => formatPeriod(value, options),
  Quantity: (value: Quantity) => formatQuantity(value),
  Range: (value: Range) => formatRange(value),
  Ratio: (value: Ratio) => formatRatio(value),
  Reference: (value: Reference) => formatReference(value),
  Timing: (value: Timing, options) => formatTiming(value, options),
};

/**
 * A value of a FHIR element type, named as StructureDefinitions name it ('HumanName', 'dateTime'), as
 * one line; a list joins its items with ', '. Undefined when the type has no one-line form
 * (BackboneElement, Meta, Extension, a resource ...): show its fields instead.
 */
export function formatValue(
  value: unknown,
  elementType: string,
  options: DisplayOptions = {}
): string | undefined {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => formatValue(item, elementType, options));
    if (items.some((item) => item === undefined)) return undefined;
    return items.filter(Boolean).join(', ');
  }
  if (VERBATIM.has(elementType)) return String(value);
  const formatter = QUANTITIES.has(elementType) ? BY_TYPE.Quantity : BY_TYPE[elementType];
  return formatter ? formatter(value as never, options) : undefined;
}
