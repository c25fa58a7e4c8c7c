import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { taskOutputChange } from './task-output';

const task: Task = { resourceType: 'Task', id: 't1', status: 'ready', intent: 'order' };
const output = {
  type: { text: 'Questionnaire response' },
  valueReference: { reference: 'QuestionnaireResponse/r1' },
};

describe("a submitted response as the task's output", () => {
  it('starts the list of a task without outputs, and appends to one with outputs', () => {
    expect(taskOutputChange(task, 'QuestionnaireResponse/r1')).toMatchObject({
      resourceType: 'Task',
      id: 't1',
      kind: 'patch',
      commutes: true,
      operations: [{ op: 'add', path: '/output', value: [output] }],
    });
    const withOther: Task = { ...task, output: [{ type: { text: 'Result' }, valueString: 'Negative' }] };
    expect(taskOutputChange(withOther, 'QuestionnaireResponse/r1')?.operations).toEqual([
      { op: 'add', path: '/output/-', value: output },
    ]);
  });

  it("is named by the questionnaire's title when it has one", () => {
    expect(taskOutputChange(task, 'QuestionnaireResponse/r1', 'Screening')?.operations).toEqual([
      {
        op: 'add',
        path: '/output',
        value: [
          { ...output, valueReference: { reference: 'QuestionnaireResponse/r1', display: 'Screening' } },
        ],
      },
    ]);
  });

  it('is no change when the task already points at the response', () => {
    expect(taskOutputChange({ ...task, output: [output] }, 'QuestionnaireResponse/r1')).toBeUndefined();
  });
});
