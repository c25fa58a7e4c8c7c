import type { AllergyIntolerance, Observation, Patient, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ALICE_SMITH_ID } from '@mocks/seed';
import { resourceKey } from '@/db/types';
import { CLINICAL_STORE_CHUNK, CLINICAL_TYPES, clinicalListQueries, listedPatientOf } from './clinical-lists';
import { listeningFakeServer } from '@/sync/engine/testing/fake-server';
import { device, type Device } from '@/sync/engine/testing/harness';
import { taskChanges } from '@/sync/engine/testing/task-changes';

const baseUrl = listeningFakeServer();

/** A patient of a task the device holds who has allergies on the server, with those allergies. */
async function queuePatientWithAllergies(target: Device): Promise<{ patient: string; allergies: string[] }> {
  const tasks = await target.replica.transaction(async (tx) => {
    const found: Task[] = [];
    for (const key of await tx.keysOfType('Task')) {
      const record = await tx.getResource(key);
      if (record?.resource) found.push(record.resource as Task);
    }
    return found;
  });
  const patients = [...new Set(tasks.flatMap((task) => (task.for?.reference ? [task.for.reference] : [])))];
  for (const patient of patients) {
    const allergies = await target.server.searchAll(
      'AllergyIntolerance',
      { patient, _count: '100' },
      { noCache: true }
    );
    if (allergies.length > 0) return { patient, allergies: allergies.map((a) => a.id ?? '') };
  }
  throw new Error('No queue patient with allergies in the seed');
}

/** How many clinical list entries the device holds. */
function clinicalEntriesHeld(target: Device): Promise<number> {
  return target.replica.transaction(async (tx) => {
    let count = 0;
    for (const type of CLINICAL_TYPES) count += (await tx.keysOfType(type)).length;
    return count;
  });
}

describe('clinical lists of the queue patients', () => {
  it('a change made while they load reaches the server before they are stored, not after the run', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 50 });
    let changed = false;
    // While the clinical lists' batch is on its way, the user pauses a task the device holds.
    doctor.faults.inject(
      'POST',
      /\/fhir\/R4\/?$/,
      async (url, init) => {
        if (!changed && String(init?.body ?? '').includes('AllergyIntolerance')) {
          changed = true;
          const [key] = await doctor.replica.transaction((tx) => tx.keysOfType('Task'));
          const task = (await doctor.record('Task', key?.split('/')[1] ?? ''))?.resource as Task;
          await doctor.engine.applyChange(taskChanges.status(task, 'on-hold', 'Pause Task'));
        }
        return globalThis.fetch(url, init);
      },
      Infinity
    );
    let allergiesHeldWhenSent: number | undefined;
    doctor.faults.inject(
      'PATCH',
      /\/Task\//,
      async (url, init) => {
        allergiesHeldWhenSent = (
          await doctor.replica.transaction((tx) => tx.keysOfType('AllergyIntolerance'))
        ).length;
        return globalThis.fetch(url, init);
      },
      1
    );
    await doctor.engine.syncNow();
    expect(changed).toBe(true);
    expect(allergiesHeldWhenSent).toBe(0);
    expect(
      (await doctor.replica.transaction((tx) => tx.keysOfType('AllergyIntolerance'))).length
    ).toBeGreaterThan(0);
    expect(doctor.engine.status().pending).toBe(0);
  });

  it('are stored in parts, so a read of the replica is answered before the last part is stored', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 50 });
    const held = () => clinicalEntriesHeld(doctor);
    // After every write of the run, what a screen reading the replica would find of the lists.
    const seen: number[] = [];
    const transaction = doctor.replica.transaction.bind(doctor.replica);
    let reading = false;
    doctor.replica.transaction = (async (work: Parameters<typeof transaction>[0]) => {
      const answer = await transaction(work);
      if (!reading) {
        reading = true;
        seen.push(await held());
        reading = false;
      }
      return answer;
    }) as typeof doctor.replica.transaction;
    await doctor.engine.syncNow();
    const total = await held();
    expect(total).toBeGreaterThan(CLINICAL_STORE_CHUNK);
    const between = seen.filter((count) => count > 0 && count < total);
    expect(between.length).toBeGreaterThan(0);
    const steps = seen.slice(1).map((count, index) => count - (seen[index] ?? 0));
    expect(Math.max(...steps)).toBeLessThanOrEqual(CLINICAL_STORE_CHUNK);
  });

  it('a change announced while they are stored is pulled before the rest of them, which come in the next run', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 50 });
    const held = () => clinicalEntriesHeld(doctor);
    // Once the first part of the lists is stored, another sync is asked for (as a notification does).
    const transaction = doctor.replica.transaction.bind(doctor.replica);
    let asked = false;
    let checking = false;
    doctor.replica.transaction = (async (work: Parameters<typeof transaction>[0]) => {
      const answer = await transaction(work);
      if (!asked && !checking) {
        checking = true;
        if ((await held()) > 0) {
          asked = true;
          void doctor.engine.syncNow();
        }
        checking = false;
      }
      return answer;
    }) as typeof doctor.replica.transaction;
    // What the lists held when the next run's catch-up went out.
    let heldAtCatchUp: number | undefined;
    doctor.faults.inject(
      'POST',
      /\/fhir\/R4\/?$/,
      async (url, init) => {
        if (asked && heldAtCatchUp === undefined && String(init?.body ?? '').includes('_history')) {
          heldAtCatchUp = await held();
        }
        return globalThis.fetch(url, init);
      },
      Infinity
    );
    await doctor.engine.syncNow();
    expect(asked).toBe(true);
    const total = await held();
    expect(total).toBeGreaterThan(CLINICAL_STORE_CHUNK);
    expect(heldAtCatchUp).toBeGreaterThan(0);
    expect(heldAtCatchUp).toBeLessThan(total);
    // The next run brought the rest: every queue patient's lists are held.
    const { patient, allergies } = await queuePatientWithAllergies(doctor);
    const kept = await doctor.replica.transaction((tx) => tx.keysOfType('AllergyIntolerance'));
    for (const id of allergies) expect(kept).toContain(resourceKey('AllergyIntolerance', id));
    expect(patient).toMatch(/^Patient\//);
  });

  it('a run asked for while the lists are read still stores a part of them first, so each run moves on', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 50 });
    let asked = false;
    let heldAtCatchUp: number | undefined;
    doctor.faults.inject(
      'POST',
      /\/fhir\/R4\/?$/,
      async (url, init) => {
        const body = String(init?.body ?? '');
        if (!asked && body.includes('AllergyIntolerance')) {
          // Another sync is asked for while the lists' batch is on its way.
          asked = true;
          void doctor.engine.syncNow();
        } else if (asked && heldAtCatchUp === undefined && body.includes('_history')) {
          heldAtCatchUp = await clinicalEntriesHeld(doctor);
        }
        return globalThis.fetch(url, init);
      },
      Infinity
    );
    await doctor.engine.syncNow();
    expect(asked).toBe(true);
    expect(heldAtCatchUp).toBeGreaterThan(0);
    expect(heldAtCatchUp).toBeLessThanOrEqual(CLINICAL_STORE_CHUNK);
  });

  it('wait for the next run when a run is already due: what the server announced is pulled first', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 50 });
    let announced = -1;
    // Once the first rows are stored, the server announces a change (as its websocket would).
    doctor.engine.onStatus((status) => {
      if (announced < 0 && status.loading) {
        announced = doctor.faults.sent.length;
        void doctor.engine.syncNow();
      }
    });
    await doctor.engine.syncNow();
    const after = doctor.faults.sent.slice(announced).map((request) => request.body ?? '');
    const firstDelta = after.findIndex((body) => body.includes('_history'));
    const firstLists = after.findIndex((body) => body.includes('AllergyIntolerance'));
    expect(firstDelta).toBeGreaterThanOrEqual(0);
    expect(firstLists).toBeGreaterThan(firstDelta);
    expect(
      (await doctor.replica.transaction((tx) => tx.keysOfType('AllergyIntolerance'))).length
    ).toBeGreaterThan(0);
  });

  it('after a full sync the replica holds the allergies of a queue patient, and a new one arrives by delta', async () => {
    const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID, { allTasksCap: 50 });
    await doctor.engine.syncNow();
    const { patient, allergies } = await queuePatientWithAllergies(doctor);
    for (const id of allergies) {
      const record = await doctor.record('AllergyIntolerance', id);
      expect(record?.resource, `AllergyIntolerance/${id} of ${patient}`).toBeDefined();
      expect((record?.resource as AllergyIntolerance).patient.reference).toBe(patient);
    }

    // Another user records a new allergy for that patient: the next sync brings it.
    const { resource: added } = await doctor.server.create<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      patient: { reference: patient },
      code: { text: 'Latex' },
      clinicalStatus: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' },
        ],
      },
    });
    await doctor.engine.syncNow();
    expect((await doctor.record('AllergyIntolerance', added.id ?? ''))?.resource).toMatchObject({
      code: { text: 'Latex' },
    });
    // An allergy of a patient with no task on this device stays on the server.
    const { resource: stranger } = await doctor.server.create<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Nobody'], family: 'Elsewhere' }],
    });
    const { resource: other } = await doctor.server.create<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      patient: { reference: `Patient/${stranger.id ?? ''}` },
      code: { text: 'Peanut' },
      clinicalStatus: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' },
        ],
      },
    });
    await doctor.engine.syncNow();
    expect(await doctor.record('AllergyIntolerance', other.id ?? '')).toBeUndefined();
    expect(
      await doctor.replica.transaction((tx) => tx.getResource(resourceKey('Patient', stranger.id ?? '')))
    ).toBeUndefined();
  });

  it('asks for 50 patients a search, smoking status and vital signs only among observations', () => {
    const ids = Array.from({ length: 51 }, (_, i) => `p${i}`);
    const urls = clinicalListQueries(ids, 100);
    expect(urls).toHaveLength(8);
    expect(decodeURIComponent(urls[3] ?? '')).toContain('category=social-history,vital-signs');
    expect(decodeURIComponent(urls[4] ?? '')).toBe('AllergyIntolerance?patient=Patient/p50&_count=100');
    const lab: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Glucose' },
      subject: { reference: 'Patient/p1' },
      category: [{ coding: [{ code: 'laboratory' }] }],
    };
    expect(listedPatientOf(lab)).toBeUndefined();
    expect(listedPatientOf({ ...lab, category: [{ coding: [{ code: 'vital-signs' }] }] })).toBe('Patient/p1');
  });
});
