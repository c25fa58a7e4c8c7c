import type { Bundle, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import { device, type Device } from '@/sync/engine/testing/harness';

const baseUrl = listeningFakeServer();

/** Every line of every request sent: 'GET Task?...' for the entries of a batch Bundle too. */
function requestLines(doctor: Device, from = 0): string[] {
  return doctor.faults.sent.slice(from).flatMap((request) => {
    if (request.method !== 'POST' || !/\/fhir\/R4\/?$/.test(request.url)) {
      return [`${request.method} ${decodeURIComponent(request.url.replace(/^.*\/fhir\/R4\//, ''))}`];
    }
    const bundle = JSON.parse(request.body) as { entry?: { request: { method: string; url: string } }[] };
    return (bundle.entry ?? []).map(
      (entry) => `${entry.request.method} ${decodeURIComponent(entry.request.url)}`
    );
  });
}

/** Every task the user sees on the server, by key, and the patients they are for. */
async function serverTasks(doctor: Device): Promise<{ tasks: string[]; patients: string[] }> {
  const tasks: Task[] = [];
  const first = await doctor.server.search('Task', { _count: 1000 }, { noCache: true });
  for await (const page of doctor.server.pagesFrom(first)) {
    tasks.push(...((page.entry ?? []).map((entry) => entry.resource) as Task[]));
  }
  const patients = tasks.flatMap((task) =>
    task.for?.reference?.startsWith('Patient/') ? [task.for.reference] : []
  );
  return {
    tasks: tasks.map((task) => `Task/${task.id ?? ''}`).sort(),
    patients: [...new Set(patients)].sort(),
  };
}

async function heldKeys(doctor: Device, type: string): Promise<string[]> {
  return (await doctor.replica.transaction((tx) => tx.keysOfType(type))).sort();
}

const QUEUE_SEARCH =
  /^GET Task\?(owner=Practitioner\/[^&]+&status:not=completed&_count=25|owner:missing=true)/;

describe('first load of many pages', () => {
  it('reads only All Tasks when its cap holds every task, its later pages side by side without what they point at, and holds every task and patient', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: 100_000,
      pageSize: 25,
    });
    const expected = await serverTasks(doctor);
    expect(expected.tasks.length).toBeGreaterThan(100);
    const before = doctor.faults.sent.length;
    await doctor.engine.syncNow();

    const lines = requestLines(doctor, before);
    // No queue's own search: All Tasks brings every task of every queue.
    expect(lines.filter((line) => QUEUE_SEARCH.test(line))).toEqual([]);
    const later = doctor.faults.sent
      .slice(before)
      .filter((request) => /\/Task\?_sort=-_lastUpdated&.*_offset=/.test(decodeURIComponent(request.url)));
    expect(later.length).toBe(Math.ceil(expected.tasks.length / 25) - 1);
    expect(later.every((request) => !request.url.includes('_include'))).toBe(true);
    // Several pages were asked for before the first of them answered.
    expect(
      later.filter((request) => request.answeredBefore === later[0]?.answeredBefore).length
    ).toBeGreaterThan(1);

    expect(await heldKeys(doctor, 'Task')).toEqual(expected.tasks);
    const patients = await heldKeys(doctor, 'Patient');
    expect(patients).toEqual(expect.arrayContaining(expected.patients));
  });

  it('follows the pages one by one from a server that gives no count, and still holds every task', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, {
      allTasksCap: 100_000,
      pageSize: 25,
    });
    const expected = await serverTasks(doctor);
    doctor.faults.inject(
      'GET',
      /\/fhir\/R4\/Task\?/,
      async (url, init) => {
        const { total: _total, ...page } = (await (await globalThis.fetch(url, init)).json()) as Bundle;
        return Response.json(page);
      },
      Infinity
    );
    await doctor.engine.syncNow();
    expect(await heldKeys(doctor, 'Task')).toEqual(expected.tasks);
  });

  it('asks for the queues after all when the tasks outgrew the cap after they were counted, and holds every task of her own open queue', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 50 });
    // The count in the first batch says there are few tasks; All Tasks then finds more than its cap.
    doctor.faults.inject('POST', /\/fhir\/R4\/?$/, async (url, init) => {
      const answer = (await (await globalThis.fetch(url, init)).json()) as Bundle;
      const requests = (JSON.parse(String(init.body)) as Bundle).entry ?? [];
      const entry = answer.entry?.map((item, index) =>
        requests[index]?.request?.url === 'Task?_summary=count'
          ? { ...item, resource: { ...(item.resource as Bundle), total: 10 } }
          : item
      );
      return Response.json({ ...answer, entry });
    });
    const before = doctor.faults.sent.length;
    await doctor.engine.syncNow();

    expect(
      requestLines(doctor, before).filter((line) => /^GET Task\?owner:missing=true/.test(line)).length
    ).toBeGreaterThan(0);
    const own = await doctor.server.search(
      'Task',
      { owner: `Practitioner/${ALICE_SMITH_ID}`, 'status:not': 'completed', _count: 1000 },
      { noCache: true }
    );
    const ownKeys = (own.entry ?? []).map((entry) => `Task/${entry.resource?.id ?? ''}`);
    expect(ownKeys.length).toBeGreaterThan(0);
    expect(await heldKeys(doctor, 'Task')).toEqual(expect.arrayContaining(ownKeys));
  });
});
