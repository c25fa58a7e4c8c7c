import type { CodeableConcept, Task } from '@medplum/fhirtypes';
import type { LocalChange } from '@/ui';

/** What a task's output that points at a questionnaire response is. */
export const RESPONSE_OUTPUT_TYPE: CodeableConcept = { text: 'Questionnaire response' };

/**
 * The change that records a submitted response as an output of the task it was filled in for, named
 * by `display` (the questionnaire's title); none when the task already points at it. An appended
 * output commutes with other users' changes.
 */
export function taskOutputChange(task: Task, response: string, display?: string): LocalChange | undefined {
  if (!task.id) return undefined;
  if ((task.output ?? []).some((output) => output.valueReference?.reference === response)) return undefined;
  const output = {
    type: RESPONSE_OUTPUT_TYPE,
    valueReference: { reference: response, ...(display ? { display } : {}) },
  };
  return {
    resourceType: 'Task',
    id: task.id,
    kind: 'patch',
    operations: task.output
      ? [{ op: 'add', path: '/output/-', value: output }]
      : [{ op: 'add', path: '/output', value: [output] }],
    commutes: true,
    label: 'Link questionnaire response',
  };
}
