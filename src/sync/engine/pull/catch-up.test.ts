import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { ALICE, device, hideTypeHistory, type Device } from '@/sync/engine/testing/harness';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';

const baseUrl = listeningFakeServer();

/** The doctor after her first sync, and one of her own open tasks that a colleague then changes. */
async function afterColleagueChange(history: boolean): Promise<{ doctor: Device; task: Task; end: string }> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 20 });
  if (!history) await hideTypeHistory(doctor);
  await doctor.engine.syncNow();
  // The first catch-up may still fetch what tasks changed around the first load point at; then it is steady.
  await doctor.engine.syncNow();
  const [task] = (await doctor.server.searchAll(
    'Task',
    { owner: ALICE, 'status:not': 'completed', _count: 1 },
    { noCache: true, max: 1 }
  )) as Task[];
  if (!task?.id) throw new Error('The doctor owns no open task');
  const end = history ? '2033-03-03' : '2034-04-04';
  await doctor.server.patch('Task', task.id, [
    { op: 'add', path: '/restriction', value: { period: { end } } },
  ]);
  return { doctor, task, end };
}

describe('catch-up', () => {
  for (const history of [true, false]) {
    it(`reads every followed type's changes in one request (${history ? 'type history' : '_lastUpdated searches'})`, async () => {
      const { doctor, task, end } = await afterColleagueChange(history);
      const before = doctor.faults.sent.length;
      await doctor.engine.syncNow();
      const sent = doctor.faults.sent.slice(before);
      expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
        'POST /fhir/R4/',
      ]);
      const types = (
        JSON.parse(sent[0]?.body ?? '{}') as { entry?: { request: { url: string } }[] }
      ).entry?.map((entry) => entry.request.url.split(/[/?]/)[0]);
      expect(types).toEqual(
        expect.arrayContaining(['Task', 'Patient', 'Practitioner', 'PractitionerRole', 'ValueSet'])
      );
      expect(new Set(types).size).toBe(types?.length);
      const record = await doctor.record('Task', task.id ?? '');
      expect((record?.resource as Task).restriction?.period?.end).toBe(end);
    });
  }
});
