import type { Patient, Practitioner, Task } from '@medplum/fhirtypes';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeReplica, renderWithReplica } from './testing/fake-replica';
import { TaskTable } from './list/TaskTable';
import { TaskDetailsTab } from './detail/TaskDetailsTab';

/** A task as a real server keeps it: references as written, without a display. */
const task: Task = {
  resourceType: 'Task',
  id: 't1',
  status: 'ready',
  intent: 'order',
  for: { reference: 'Patient/p1' },
  owner: { reference: 'Practitioner/me' },
  focus: { reference: 'Patient/unknown' },
};

function replicaWithPeople(): FakeReplica {
  const replica = new FakeReplica('Practitioner/me');
  replica.put({
    resourceType: 'Patient',
    id: 'p1',
    name: [{ given: ['Homer'], family: 'Simpson' }],
  } as Patient);
  replica.put({
    resourceType: 'Practitioner',
    id: 'me',
    name: [{ given: ['Alice'], family: 'Smith' }],
  } as Practitioner);
  replica.put(task);
  return replica;
}

const row = (label: string) => screen.getByText(label, { selector: 'th' }).closest('tr') as HTMLElement;

describe('references without a display', () => {
  it("show the patient's and owner's names in the task details, not Patient/<id>", async () => {
    render(renderWithReplica(replicaWithPeople(), <TaskDetailsTab task={task} />).element);
    expect(await within(await screen.findByRole('table')).findByText('Homer Simpson')).toBeTruthy();
    expect(within(row('Owner')).getByText('Alice Smith')).toBeTruthy();
    // A resource the replica does not hold still shows where the reference points.
    expect(within(row('Focus')).getByText('Patient/unknown')).toBeTruthy();
  });

  it("show the patient's name in the task list's For column", async () => {
    const replica = replicaWithPeople();
    const record = replica.records.get('Task/t1');
    if (!record) throw new Error('no task record');
    render(
      renderWithReplica(replica, <TaskTable records={[record]} fields={['code', 'for', 'owner']} />).element
    );
    expect(await screen.findByText('Homer Simpson')).toBeTruthy();
    expect(screen.queryByText('Patient/p1')).toBeNull();
  });
});
