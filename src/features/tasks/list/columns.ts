import type { Reference, Task } from '@medplum/fhirtypes';
import {
  formatCodeableConcept,
  formatCodeableConcepts,
  formatDate,
  formatDateTime,
  NO_NAMES,
  referenceLabel,
  type ReferenceNames,
} from '@/ui';
import { statusText } from '../format';

/** One column of the task list: its heading and what a task shows in it. */
export interface TaskColumn {
  field: string;
  heading: string;
  /** `names` holds the names of referenced resources the task gives no display for. */
  value: (task: Task, lastUpdated: string, names: ReferenceNames) => string;
  /** A column that names a resource links to it. */
  reference?: (task: Task) => Reference | undefined;
  /** Short values that read badly when wrapped (dates). */
  nowrap?: boolean;
}

const COLUMNS: Record<string, TaskColumn> = {
  code: { field: 'code', heading: 'Code', value: (task) => formatCodeableConcept(task.code) },
  owner: {
    field: 'owner',
    heading: 'Owner',
    value: (task, _, names) => referenceLabel(task.owner, names),
    reference: (task) => task.owner,
  },
  for: {
    field: 'for',
    heading: 'For',
    value: (task, _, names) => referenceLabel(task.for, names),
    reference: (task) => task.for,
  },
  priority: { field: 'priority', heading: 'Priority', value: (task) => statusText(task.priority) },
  status: { field: 'status', heading: 'Status', value: (task) => statusText(task.status) },
  'due-date': {
    field: 'due-date',
    heading: 'Due Date',
    nowrap: true,
    value: (task) => formatDate(task.restriction?.period?.end),
  },
  _lastUpdated: {
    field: '_lastUpdated',
    heading: 'Last Updated',
    nowrap: true,
    value: (task, lastUpdated) => formatDateTime(task.meta?.lastUpdated ?? lastUpdated),
  },
  performerType: {
    field: 'performerType',
    heading: 'Performer Type',
    value: (task) => formatCodeableConcepts(task.performerType),
  },
  businessStatus: {
    field: 'businessStatus',
    heading: 'Business Status',
    value: (task) => formatCodeableConcept(task.businessStatus),
  },
};

/** The columns of the given fields; an unknown field shows its name and the raw value's text. */
export function taskColumns(fields: readonly string[]): TaskColumn[] {
  return fields.map(
    (field) =>
      COLUMNS[field] ?? {
        field,
        heading: field,
        value: (task: Task) => {
          const raw = (task as unknown as Record<string, unknown>)[field];
          return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
        },
      }
  );
}

/** A task's field as the list shows it ('due-date' → '2024-03-02'); '' for a field the list does not know. */
export function taskFieldText(task: Task, field: string, names: ReferenceNames = NO_NAMES): string {
  return COLUMNS[field]?.value(task, task.meta?.lastUpdated ?? '', names) ?? '';
}
