import type { Coding, Patient, Practitioner, Reference, Task } from '@medplum/fhirtypes';
import { formatHumanName } from '@/ui';

export const TASK_PRIORITIES = ['routine', 'urgent', 'asap', 'stat'] as const;

export interface NewTaskValues {
  code: Coding | undefined;
  patient: Patient | undefined;
  priority: Task['priority'];
  /** 'YYYY-MM-DD' or '' */
  dueDate: string;
  description: string;
}

/** What is missing before a task can be created, by field. */
export function validateNewTask(values: NewTaskValues): Partial<Record<keyof NewTaskValues, string>> {
  const errors: Partial<Record<keyof NewTaskValues, string>> = {};
  if (!values.code) errors.code = 'Choose a task type';
  if (!values.patient) errors.patient = 'Choose a patient';
  return errors;
}

export function patientReference(patient: Patient): Reference {
  return { reference: `Patient/${patient.id}`, display: formatHumanName(patient.name?.[0]) || undefined };
}

/** The Task the New form creates: ready, an order, requested by the user. */
export function buildNewTask(values: NewTaskValues, me: Reference<Practitioner>, now: string): Task {
  const task: Task = {
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    priority: values.priority,
    authoredOn: now,
    requester: me,
  };
  if (values.code)
    task.code = { coding: [values.code], ...(values.code.display ? { text: values.code.display } : {}) };
  if (values.patient) task.for = patientReference(values.patient);
  if (values.description.trim()) task.description = values.description.trim();
  if (values.dueDate) task.restriction = { period: { end: dueDateInstant(values.dueDate) } };
  return task;
}

/** A chosen day as the due instant: the end of that day in local time. */
export function dueDateInstant(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(year, month - 1, date, 23, 59, 0).toISOString();
}
