import type { Patient, Practitioner, Task } from '@medplum/fhirtypes';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../bots/respond-to-message';
import type { BotClient } from '../../bots/types';
import { botHarness, reference, thread } from './testing';

describe('respond-to-message bot', () => {
  let medplum: BotClient;
  let patient: Patient;
  let drLee: Practitioner;
  let nurseKim: Practitioner;

  const tasks = () => medplum.searchResources('Task', { code: 'respond-to-message' });

  beforeEach(async () => {
    ({ medplum } = botHarness());
    patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Maya'], family: 'Okafor' }],
    });
    drLee = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Lee' }],
    });
    nurseKim = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Kim' }],
    });
  });

  it('creates no task when no message is older than 30 minutes', async () => {
    await thread(medplum, patient, [{ from: patient, minutesAgo: 12 }]);
    expect(await handler(medplum)).toEqual({ created: [] });
    expect(await tasks()).toHaveLength(0);
  });

  it('creates no task when the newest message is not from the patient', async () => {
    await thread(medplum, patient, [
      { from: patient, minutesAgo: 180 },
      { from: drLee, minutesAgo: 120 },
    ]);
    expect(await handler(medplum)).toEqual({ created: [] });
    expect(await tasks()).toHaveLength(0);
  });

  it('creates no second task for a thread that already has an open one', async () => {
    const header = await thread(medplum, patient, [{ from: patient, minutesAgo: 90 }]);
    await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'in-progress',
      intent: 'order',
      focus: reference(header),
    });
    expect(await handler(medplum)).toEqual({ created: [] });
    expect(await medplum.searchResources('Task', { focus: `Communication/${header.id}` })).toHaveLength(1);
  });

  it('puts an unanswered thread with no practitioner reply in the Care Coordinator queue', async () => {
    const header = await thread(medplum, patient, [
      { from: patient, minutesAgo: 75 },
      { from: patient, minutesAgo: 45 },
    ]);
    const { created } = await handler(medplum);
    expect(created).toHaveLength(1);
    const task = await medplum.readResource('Task', created[0] as string);
    expect(task).toMatchObject({
      status: 'ready',
      intent: 'order',
      code: { coding: [{ code: 'respond-to-message', display: 'Respond to Message' }] },
      focus: { reference: `Communication/${header.id}` },
      for: { reference: `Patient/${patient.id}` },
      performerType: [{ coding: [{ system: 'http://snomed.info/sct', code: '768820003' }] }],
    });
    expect(task.owner).toBeUndefined();
  });

  it('gives the task to the practitioner who replied last', async () => {
    const header = await thread(medplum, patient, [
      { from: patient, minutesAgo: 300 },
      { from: nurseKim, minutesAgo: 280 },
      { from: patient, minutesAgo: 240 },
      { from: drLee, minutesAgo: 200 },
      { from: patient, minutesAgo: 40 },
    ]);
    const { created } = await handler(medplum);
    const task = await medplum.readResource('Task', created[0] as string);
    expect(task.owner).toEqual({ reference: `Practitioner/${drLee.id}` });
    expect(task.performerType).toBeUndefined();
    expect(task.focus?.reference).toBe(`Communication/${header.id}`);
  });

  it('creates one task per thread however often it runs, and none for a completed thread', async () => {
    await thread(medplum, patient, [{ from: patient, minutesAgo: 50 }]);
    const closed = await thread(medplum, patient, [{ from: patient, minutesAgo: 50 }]);
    await medplum.patchResource('Communication', closed.id as string, [
      { op: 'replace', path: '/status', value: 'completed' },
    ]);
    expect((await handler(medplum)).created).toHaveLength(1);
    expect((await handler(medplum)).created).toHaveLength(0);
    expect(await tasks()).toHaveLength(1);
  });
});
