import type { Patient, Task } from '@medplum/fhirtypes';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ME, replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { TaskTable } from './list/TaskTable';
import { TaskDetailsTab } from './detail/TaskDetailsTab';

/** A task as a real server keeps it: references as written, without a display. */
const task: Task = {
  resourceType: 'Task',
  id: 't1',
  status: 'ready',
  intent: 'order',
  for: { reference: 'Patient/p1' },
  owner: { reference: ME },
  focus: { reference: 'Patient/unknown' },
};

const homer: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Homer'], family: 'Simpson' }] };

const row = (label: string) => screen.getByText(label, { selector: 'th' }).closest('tr') as HTMLElement;

let h: ReplicaHarness;
beforeEach(async () => {
  h = await replicaHarness();
  // The harness's own practitioner (ME) is Alice Smith and is held already.
  await h.hold(homer, task);
});
afterEach(() => h.stop());

describe('references without a display', () => {
  it("show the patient's and owner's names in the task details, not Patient/<id>", async () => {
    h.render(<TaskDetailsTab task={task} />);
    expect(await within(await screen.findByRole('table')).findByText('Homer Simpson')).toBeTruthy();
    expect(within(row('Owner')).getByText('Alice Smith')).toBeTruthy();
    // A resource the replica does not hold still shows where the reference points.
    expect(within(row('Focus')).getByText('Patient/unknown')).toBeTruthy();
  });

  it("list the task's outputs, a referenced one as a link to its resource", async () => {
    const withOutputs: Task = {
      ...task,
      output: [
        {
          type: { text: 'Questionnaire response' },
          valueReference: { reference: 'QuestionnaireResponse/r1' },
        },
        { type: { text: 'Result' }, valueString: 'Negative' },
      ],
    };
    h.render(<TaskDetailsTab task={withOutputs} />);
    await screen.findByText('Homer Simpson');
    const link = within(row('Output')).getByRole('link', {
      name: 'Questionnaire response: QuestionnaireResponse/r1',
    });
    expect(link.getAttribute('href')).toBe('/QuestionnaireResponse/r1');
    expect(within(row('Output')).getByText('Result: Negative')).toBeTruthy();
  });

  it('show a dash for a task without outputs', async () => {
    h.render(<TaskDetailsTab task={task} />);
    await screen.findByText('Homer Simpson');
    expect(within(row('Output')).getByText('—')).toBeTruthy();
  });

  it("show the patient's name in the task list's For column", async () => {
    const record = await h.replica.transaction((tx) => tx.getResource('Task/t1'));
    if (!record) throw new Error('no task record');
    h.render(<TaskTable records={[record]} held fields={['code', 'for', 'owner']} />);
    expect(await screen.findByText('Homer Simpson')).toBeTruthy();
    expect(screen.queryByText('Patient/p1')).toBeNull();
  });

  it("link each task's first cell to the task's Details tab, the address a task opens on", async () => {
    const record = await h.replica.transaction((tx) => tx.getResource('Task/t1'));
    if (!record) throw new Error('no task record');
    h.render(<TaskTable records={[record]} held fields={['code', 'for', 'owner']} />);
    await screen.findByText('Homer Simpson');
    const [first] = within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('link');
    expect(first?.getAttribute('href')).toBe('/Task/t1/details');
  });
});
