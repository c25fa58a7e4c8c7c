import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, OperationOutcome, Task } from '@medplum/fhirtypes';
import { signInByApi, type ApiSession } from '../fixtures/api-sign-in';

export interface ConnectedHost {
  baseUrl: string;
  close(): Promise<void>;
}

const PRIORITY_WEIGHT: Record<string, number> = { stat: 50, asap: 40, urgent: 30, routine: 20 };
const weight = (task: Task): number => PRIORITY_WEIGHT[task.priority ?? ''] ?? 10;

/**
 * What every host of the fake FHIR server must answer alike: run once against msw/node and once
 * over real HTTP, on freshly seeded demo data.
 */
export function fakeServerContract(hostName: string, connect: () => Promise<ConnectedHost>): void {
  describe(`the fake FHIR server over ${hostName}`, () => {
    let host: ConnectedHost;
    let doctor: ApiSession;
    const fhir = (path: string, init?: RequestInit): Promise<Response> =>
      doctor.fetch(`fhir/R4/${path}`, init);

    beforeAll(async () => {
      host = await connect();
      doctor = await signInByApi(host.baseUrl, 'doctor@example.com');
    });
    afterAll(async () => host.close());

    it('refuses a FHIR call without a bearer token with 401 and an OperationOutcome', async () => {
      const response = await fetch(new URL('fhir/R4/Patient', host.baseUrl));
      expect(response.status).toBe(401);
      const body = (await response.json()) as OperationOutcome;
      expect(body.resourceType).toBe('OperationOutcome');
    });

    it("tells the signed-in doctor that her profile is Dr. Alice Smith's Practitioner record", async () => {
      const response = await doctor.fetch('auth/me');
      expect(response.status).toBe(200);
      const me = (await response.json()) as { profile: { resourceType: string; name: { family: string }[] } };
      expect(me.profile.resourceType).toBe('Practitioner');
      expect(me.profile.name[0]?.family).toBe('Smith');
    });

    it('creates a resource with Location, ETag and Last-Modified, and reads it back', async () => {
      const created = await fhir('Patient', {
        method: 'POST',
        body: JSON.stringify({ resourceType: 'Patient', name: [{ given: ['Contract'], family: 'Tester' }] }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toMatch(/\/fhir\/R4\/Patient\/[^/]+\/_history\/1$/);
      expect(created.headers.get('etag')).toBe('W/"1"');
      expect(created.headers.get('last-modified')).toBeTruthy();
      const patient = (await created.json()) as { id: string };
      const read = await fhir(`Patient/${patient.id}`);
      expect(read.status).toBe(200);
      expect(((await read.json()) as { name: { family: string }[] }).name[0]?.family).toBe('Tester');
    });

    it('refuses a patch whose versionId test is stale with 412 and keeps the newer version', async () => {
      const task = (await (await fhir('Task?_count=1&status=ready')).json()) as Bundle<Task>;
      const first = task.entry?.[0]?.resource as Task;
      const path = `Task/${first.id}`;
      const patch = (versionId: string, note: string): RequestInit => ({
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json-patch+json' },
        body: JSON.stringify([
          { op: 'test', path: '/meta/versionId', value: versionId },
          { op: 'add', path: '/businessStatus', value: { text: note } },
        ]),
      });
      const seen = first.meta?.versionId as string;
      expect((await fhir(path, patch(seen, 'first writer'))).status).toBe(200);
      const stale = await fhir(path, patch(seen, 'second writer'));
      expect(stale.status).toBe(412);
      expect(((await stale.json()) as OperationOutcome).resourceType).toBe('OperationOutcome');
      const now = (await (await fhir(path)).json()) as Task;
      expect(now.businessStatus?.text).toBe('first writer');
    });

    it('lists My Tasks open, highest priority first, then by due date', async () => {
      const owner = doctor.profile;
      const response = await fhir(
        `Task?owner=${owner}&status:not=completed&_sort=-priority-order,due-date&_count=50`
      );
      expect(response.status).toBe(200);
      const tasks =
        ((await response.json()) as Bundle<Task>).entry?.map((entry) => entry.resource as Task) ?? [];
      expect(tasks.length).toBeGreaterThan(5);
      for (const task of tasks) {
        expect(task.owner?.reference).toBe(owner);
        expect(task.status).not.toBe('completed');
      }
      for (let i = 1; i < tasks.length; i++) {
        const [before, after] = [tasks[i - 1] as Task, tasks[i] as Task];
        expect(weight(before)).toBeGreaterThanOrEqual(weight(after));
        if (
          weight(before) === weight(after) &&
          before.restriction?.period?.end &&
          after.restriction?.period?.end
        ) {
          expect(before.restriction.period.end <= after.restriction.period.end).toBe(true);
        }
      }
    });

    it('finds only tasks of patients in NY with the chained patient.address-state', async () => {
      const response = await fhir('Task?patient.address-state=NY&_count=100&_include=Task:patient');
      expect(response.status).toBe(200);
      const bundle = (await response.json()) as Bundle;
      const patients = new Map(
        (bundle.entry ?? [])
          .filter((entry) => entry.search?.mode === 'include')
          .map((entry) => [
            `Patient/${entry.resource?.id}`,
            entry.resource as { address?: { state?: string }[] },
          ])
      );
      const tasks = (bundle.entry ?? []).filter((entry) => entry.search?.mode === 'match');
      expect(tasks.length).toBeGreaterThan(0);
      for (const entry of tasks) {
        const patient = patients.get((entry.resource as Task).for?.reference ?? '');
        expect(patient?.address?.some((address) => address.state === 'NY')).toBe(true);
      }
    });

    it('answers POST _search like GET search', async () => {
      const get = (await (await fhir('Patient?address-state=TX&_count=5&_sort=_id')).json()) as Bundle;
      const post = (await (
        await fhir('Patient/_search', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'address-state=TX&_count=5&_sort=_id',
        })
      ).json()) as Bundle;
      expect(post.entry?.map((entry) => entry.resource?.id)).toEqual(
        get.entry?.map((entry) => entry.resource?.id)
      );
      expect(post.entry?.length).toBeGreaterThan(0);
    });

    it('rolls back a whole transaction when one entry is invalid', async () => {
      const before = (await (await fhir('Patient?family=Rollback&_summary=count')).json()) as Bundle;
      const response = await doctor.fetch('fhir/R4/', {
        method: 'POST',
        body: JSON.stringify({
          resourceType: 'Bundle',
          type: 'transaction',
          entry: [
            {
              resource: { resourceType: 'Patient', name: [{ family: 'Rollback' }] },
              request: { method: 'POST', url: 'Patient' },
            },
            { resource: { resourceType: 'NoSuchType' }, request: { method: 'POST', url: 'NoSuchType' } },
          ],
        }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(((await response.json()) as OperationOutcome).resourceType).toBe('OperationOutcome');
      const after = (await (await fhir('Patient?family=Rollback&_summary=count')).json()) as Bundle;
      expect(after.total).toBe(before.total);
    });

    it('lists a deletion in the type history since a moment', async () => {
      const since = new Date(Date.now() - 1000).toISOString();
      const created = (await (
        await fhir('Patient', {
          method: 'POST',
          body: JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Gone' }] }),
        })
      ).json()) as { id: string };
      expect((await fhir(`Patient/${created.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
      expect((await fhir(`Patient/${created.id}`)).status).toBe(410);
      const history = (await (
        await fhir(`Patient/_history?_since=${encodeURIComponent(since)}`)
      ).json()) as Bundle;
      const deletion = history.entry?.find(
        (entry) => entry.request?.method === 'DELETE' && entry.request.url?.includes(created.id)
      );
      expect(deletion).toBeDefined();
    });

    it('answers bad input with a 4xx OperationOutcome, never a 500', async () => {
      const cases: [string, RequestInit | undefined][] = [
        ['Patient', { method: 'POST', body: '{not json' }],
        ['NoSuchType/1', undefined],
        ['Patient?no-such-parameter=1', undefined],
        ['Task?_count=lots', undefined],
        ['Patient/does-not-exist', undefined],
        [
          'Patient/does-not-exist',
          {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json-patch+json' },
            body: '{"op":"nonsense"}',
          },
        ],
      ];
      for (const [path, init] of cases) {
        const response = await fhir(path, init);
        expect(response.status, path).toBeGreaterThanOrEqual(400);
        expect(response.status, path).toBeLessThan(500);
        expect(((await response.json()) as OperationOutcome).resourceType, path).toBe('OperationOutcome');
      }
    });

    it('never duplicates a create retried with If-None-Exist', async () => {
      const create = (): Promise<Response> =>
        fhir('Task', {
          method: 'POST',
          headers: { 'If-None-Exist': 'identifier=urn:carequeue:client|contract-retry-1' },
          body: JSON.stringify({
            resourceType: 'Task',
            status: 'ready',
            intent: 'order',
            identifier: [{ system: 'urn:carequeue:client', value: 'contract-retry-1' }],
          }),
        });
      expect((await create()).status).toBe(201);
      expect((await create()).status).toBe(200);
      const found = (await (
        await fhir('Task?identifier=urn:carequeue:client|contract-retry-1')
      ).json()) as Bundle;
      expect(found.entry).toHaveLength(1);
    });
  });
}
