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
  /**
   * Which columns a narrow list drops first: the highest rank goes first; ranks up to
   * ESSENTIAL_RANK (what the task is, for whom, how urgent) are never dropped.
   */
  rank: number;
  /** The width (px, with the cell's padding) the column needs to read well. */
  minWidth: number;
}

/** Columns of this rank or lower stay at every width: Code, For and Priority. */
export const ESSENTIAL_RANK = 2;

const COLUMNS: Record<string, TaskColumn> = {
  code: {
    field: 'code',
    heading: 'Code',
    rank: 0,
    minWidth: 170,
    value: (task) => formatCodeableConcept(task.code),
  },
  owner: {
    field: 'owner',
    heading: 'Owner',
    rank: 3,
    minWidth: 130,
    value: (task, _, names) => referenceLabel(task.owner, names),
    reference: (task) => task.owner,
  },
  for: {
    field: 'for',
    heading: 'For',
    rank: 1,
    minWidth: 140,
    value: (task, _, names) => referenceLabel(task.for, names),
    reference: (task) => task.for,
  },
  priority: {
    field: 'priority',
    heading: 'Priority',
    rank: 2,
    minWidth: 90,
    value: (task) => statusText(task.priority),
  },
  status: {
    field: 'status',
    heading: 'Status',
    rank: 3,
    minWidth: 110,
    value: (task) => statusText(task.status),
  },
  'due-date': {
    field: 'due-date',
    heading: 'Due Date',
    rank: 4,
    minWidth: 110,
    nowrap: true,
    value: (task) => formatDate(task.restriction?.period?.end),
  },
  _lastUpdated: {
    field: '_lastUpdated',
    heading: 'Last Updated',
    rank: 6,
    minWidth: 150,
    nowrap: true,
    value: (task, lastUpdated) => formatDateTime(task.meta?.lastUpdated ?? lastUpdated),
  },
  performerType: {
    field: 'performerType',
    heading: 'Performer Type',
    rank: 5,
    minWidth: 150,
    value: (task) => formatCodeableConcepts(task.performerType),
  },
  businessStatus: {
    field: 'businessStatus',
    heading: 'Business Status',
    rank: 5,
    minWidth: 160,
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
        rank: 5,
        minWidth: 130,
        value: (task: Task) => {
          const raw = (task as unknown as Record<string, unknown>)[field];
          return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
        },
      }
  );
}

/** The columns a list of `width` px shows, and the ones it leaves out to fit. */
export interface FittingColumns {
  shown: TaskColumn[];
  hidden: TaskColumn[];
}

/**
 * The columns that fit in `width` px, in their own order: while they do not fit, the column of the
 * highest rank (the last of them on a tie) is left out; the essential ones (Code, For, Priority)
 * always stay, and a list too narrow even for them scrolls sideways.
 */
export function fittingColumns(columns: readonly TaskColumn[], width: number): FittingColumns {
  const shown = [...columns];
  const hidden: TaskColumn[] = [];
  const needed = () => shown.reduce((sum, column) => sum + column.minWidth, 0);
  while (needed() > width) {
    let drop = -1;
    shown.forEach((column, index) => {
      const current = shown[drop];
      if (column.rank > ESSENTIAL_RANK && (!current || column.rank >= current.rank)) drop = index;
    });
    if (drop < 0) break;
    hidden.push(...shown.splice(drop, 1));
  }
  return { shown, hidden: columns.filter((column) => hidden.includes(column)) };
}

/** A task's field as the list shows it ('due-date' → '2024-03-02'); '' for a field the list does not know. */
export function taskFieldText(task: Task, field: string, names: ReferenceNames = NO_NAMES): string {
  return COLUMNS[field]?.value(task, task.meta?.lastUpdated ?? '', names) ?? '';
}
