import type { HumanName, Resource } from '@medplum/fhirtypes';
import { formatHumanName } from '../format/human-name';

/** One field that differs between my version and theirs, in words. */
export interface Difference {
  field: string;
  mine: string;
  theirs: string;
}

const IGNORED = new Set(['meta', 'id', 'resourceType', 'text']);

/** The top-level fields where `mine` and `theirs` differ, summarised for a person to read. */
export function differences(mine: Resource, theirs: Resource | undefined): Difference[] {
  if (!theirs) return [{ field: 'resource', mine: 'kept', theirs: 'deleted' }];
  const left = mine as unknown as Record<string, unknown>;
  const right = theirs as unknown as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])].filter(
    (field) => !IGNORED.has(field)
  );
  return fields
    .filter((field) => JSON.stringify(left[field]) !== JSON.stringify(right[field]))
    .map((field) => ({
      field: fieldName(field),
      mine: summarise(left[field]),
      theirs: summarise(right[field]),
    }));
}

const FIELD_NAMES: Record<string, string> = {
  restriction: 'due date',
  businessStatus: 'business status',
  performerType: 'roles',
  note: 'notes',
  for: 'patient',
};

function fieldName(field: string): string {
  return FIELD_NAMES[field] ?? field;
}

/** A short text for a FHIR value: references by display, concepts by text, periods by end, lists joined. */
export function summarise(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    if (value.every((item) => typeof item === 'object' && item && 'text' in item && !('coding' in item))) {
      const last = value[value.length - 1] as { text?: string };
      return `${value.length} (last: ${last.text ?? ''})`;
    }
    return value.map(summarise).join(', ');
  }
  const record = value as Record<string, unknown>;
  if (typeof record.reference === 'string')
    return typeof record.display === 'string' ? record.display : record.reference;
  if (typeof record.text === 'string') return record.text;
  if (Array.isArray(record.coding)) {
    const coding = record.coding[0] as { display?: string; code?: string } | undefined;
    return coding?.display ?? coding?.code ?? '(none)';
  }
  if ('family' in record || 'given' in record) return formatHumanName(record as HumanName);
  const period = record.period as { end?: string } | undefined;
  if (period?.end) return period.end;
  const text = JSON.stringify(value);
  return text.length > 80 ? text.slice(0, 77) + '...' : text;
}

/** What the panel calls a resource: a task's description or code, else its type and id. */
export function resourceTitle(resource: Resource | undefined, key: string): string {
  const task = resource as { description?: string; code?: { text?: string } } | undefined;
  return task?.description || task?.code?.text || key;
}
