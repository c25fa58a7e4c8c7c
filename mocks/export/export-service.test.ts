import { ClientStorage, MedplumClient, MemoryStorage } from '@medplum/core';
import type { Patient, Resource, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@/fhir/testing/manual-clock';
import { createFhirEngine, type FhirEngine } from '@mocks/engine';
import { aliceContext, PROJECT_ID } from '@mocks/engine/test-helpers';
import { OperationRegistry } from '@mocks/engine/operation-registry';
import { fhirRoute } from '@mocks/routing/fhir-route';
import { dispatch } from '@mocks/routing/route-table';
import {
  createExportService,
  exportStatusRoute,
  registerExportOperations,
  type ExportService,
} from './export-service';

const BASE_PATH = '/fhir/R4/';

function projectWith(resources: Resource[]): FhirEngine {
  const engine = createFhirEngine({ clock: new ManualClock() });
  engine.load({
    projects: [{ id: PROJECT_ID, name: 'P' }],
    resources: resources.map((resource) => ({ projectId: PROJECT_ID, resource })),
  });
  return engine;
}

const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Doe' }] };
const task: Task = {
  resourceType: 'Task',
  id: 't1',
  status: 'ready',
  intent: 'order',
  for: { reference: 'Patient/p1' },
};

/** One host around an engine and its export service, as the fake server puts them together. */
/** The export service over one project's engine, with a clock of its own. */
function exportService(engine: FhirEngine): ExportService {
  return createExportService({ engine: () => engine, clock: new ManualClock(), basePath: BASE_PATH });
}

function host(engine: FhirEngine, exports: ExportService) {
  const operations = registerExportOperations(new OperationRegistry(), exports);
  const fhir = { basePath: BASE_PATH, operations, engine: engine.handle.bind(engine) };
  const routes = [exportStatusRoute(BASE_PATH, exports), fhirRoute(fhir)];
  return async (url: string, init?: RequestInit): Promise<Response> =>
    (await dispatch(routes, new Request(url, init), async () => aliceContext)) as Response;
}

describe('$export jobs', () => {
  it('brings a job that was running when the server stopped to its manifest after the restart', async () => {
    const before = projectWith([patient, task]);
    const exports = exportService(before);
    const kickoff = await host(before, exports)('http://localhost/fhir/R4/$export', { method: 'POST' });
    expect(kickoff.status).toBe(202);
    const statusUrl = kickoff.headers.get('content-location') as string;
    // The server stops before the job runs: only what was saved so far survives.
    const saved = before.snapshot();

    const after = createFhirEngine({ clock: new ManualClock() });
    after.restore(saved);
    const restarted = exportService(after);
    const call = host(after, restarted);
    expect((await call(statusUrl)).status).toBe(202);
    await restarted.settled();
    const done = await call(statusUrl);
    expect(done.status).toBe(200);
    const manifest = (await done.json()) as { output: { type: string; url: string }[] };
    expect(manifest.output.map((output) => output.type)).toEqual(['Patient', 'Task']);
    const ndjson = await call(manifest.output[1]?.url as string, {
      headers: { Accept: 'application/fhir+ndjson' },
    });
    expect(JSON.parse((await ndjson.text()).trim())).toMatchObject({ resourceType: 'Task', id: 't1' });
  });

  it('refuses a caller whose access policy limits what they read, before any job starts', async () => {
    const engine = projectWith([patient, task]);
    const exports = createExportService({
      engine: () => engine,
      clock: new ManualClock(),
      basePath: BASE_PATH,
    });
    const patientUser = {
      ...aliceContext,
      profile: { reference: 'Patient/p1' },
      accessPolicy: { resourceType: 'AccessPolicy' as const, resource: [{ resourceType: 'Patient' }] },
    };
    const answer = await exports.kickoff({
      request: new Request('http://localhost/fhir/R4/$export', { method: 'POST' }),
      context: patientUser,
      target: { level: 'system', name: '$export' },
      baseUrl: 'http://localhost/fhir/R4/',
    });
    expect(answer?.status).toBe(403);
    expect(JSON.stringify(await answer?.json())).toContain('Your access policy does not allow $export');
  });

  it('stops a cancelled job: its status is then 404 with the reason', async () => {
    const engine = projectWith([patient]);
    const exports = exportService(engine);
    const call = host(engine, exports);
    const kickoff = await call('http://localhost/fhir/R4/Patient/$export', { method: 'POST' });
    const statusUrl = kickoff.headers.get('content-location') as string;
    expect((await call(statusUrl, { method: 'DELETE' })).status).toBe(202);
    await exports.settled();
    const status = await call(statusUrl);
    expect(status.status).toBe(404);
    expect(JSON.stringify(await status.json())).toContain('cancelled');
  });

  it("drives Medplum's own client through bulkExport to a complete manifest", async () => {
    const engine = projectWith([patient, task]);
    const exports = exportService(engine);
    const medplum = new MedplumClient({
      baseUrl: 'http://localhost/',
      storage: new ClientStorage(new MemoryStorage()),
      cacheTime: 0,
      fetch: host(engine, exports),
    });
    const manifest = (await medplum.bulkExport('', 'Patient,Task', undefined, {
      pollStatusOnAccepted: true,
      pollStatusPeriod: 10,
    })) as unknown as { requiresAccessToken: boolean; output: { type: string; url: string }[] };
    expect(manifest.requiresAccessToken).toBe(true);
    expect(manifest.output.map((output) => output.type)).toEqual(['Patient', 'Task']);
    const text = await medplum.download(manifest.output[0]?.url as string);
    expect(JSON.parse((await text.text()).trim())).toMatchObject({ resourceType: 'Patient', id: 'p1' });
  });
});
