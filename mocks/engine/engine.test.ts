import type { Patient, Practitioner, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { defaultDefinitionLoader, type DefinitionFile } from './definition-files';
import { createFhirEngine } from './engine';
import { aliceContext, BASE, PROJECT_ID, testServer } from './test-helpers';
import { ManualClock } from '@/fhir/testing/manual-clock';

function seedResources(count: number): { projectId: string; resource: Resource }[] {
  return Array.from({ length: count }, (_, i) => ({
    projectId: PROJECT_ID,
    resource: {
      resourceType: 'Task',
      id: `task-${i}`,
      status: 'ready',
      intent: 'order',
      priority: 'routine',
      for: { reference: `Patient/p-${i % 50}` },
      description: `Task number ${i}`,
    } as Resource,
  }));
}

describe('engine', () => {
  it('loads ~3,000 seed resources well under a second, keeping ids, as version 1', async () => {
    const engine = createFhirEngine({ clock: new ManualClock() });
    const started = performance.now();
    engine.load({ projects: [{ id: PROJECT_ID, name: 'P' }], resources: seedResources(3000) });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1000);
    const response = await engine.handle(new Request(`${BASE}Task/task-2999`), aliceContext);
    const task = (await response.json()) as Resource;
    expect(task.meta?.versionId).toBe('1');
    expect(task.meta?.project).toBe(PROJECT_ID);
  });

  it('restores a snapshot completely, history and deletes included, after a JSON round trip', async () => {
    const { engine, call } = testServer();
    const created = (await call<Patient>('POST', 'Patient', { resourceType: 'Patient' })).body;
    await call('PUT', `Patient/${created.id}`, { ...created, gender: 'male' });
    await call('DELETE', `Patient/${created.id}`);
    await call('POST', 'Patient', { resourceType: 'Patient', gender: 'female' });

    const copy = createFhirEngine({ clock: new ManualClock() });
    copy.restore(JSON.parse(JSON.stringify(engine.snapshot())));
    expect(copy.snapshot()).toEqual(engine.snapshot());
    const gone = await copy.handle(new Request(`${BASE}Patient/${created.id}`), aliceContext);
    expect(gone.status).toBe(410);
    const search = await copy.handle(new Request(`${BASE}Patient?gender=female`), aliceContext);
    expect(((await search.json()) as { total: number }).total).toBe(1);
    const history = await copy.handle(new Request(`${BASE}Patient/_history`), aliceContext);
    expect(((await history.json()) as { total: number }).total).toBe(4);
  });

  it('tells subscribers after each committed change, not after reads or failures', async () => {
    const { engine, call } = testServer();
    let calls = 0;
    const changes: string[] = [];
    engine.subscribe(() => calls++);
    engine.onChange((change) => changes.push(...change.versions.map((v) => `${v.method} ${v.resourceType}`)));
    await call('POST', 'Patient', { resourceType: 'Patient' });
    await call('GET', 'Patient');
    await call('POST', 'Patient', { resourceType: 'Wrong' });
    expect(calls).toBe(1);
    expect(changes).toEqual(['POST Patient']);
  });

  it('answers a batch of reads without loading the validator, and validates a batch that writes', async () => {
    const read: DefinitionFile[] = [];
    const { call } = testServer({
      definitionLoader: (file) => {
        read.push(file);
        return defaultDefinitionLoader(file);
      },
    });
    const batch = (entry: unknown[]) => call('POST', '', { resourceType: 'Bundle', type: 'batch', entry });
    const reads = await batch([
      { request: { method: 'GET', url: 'Patient?_count=1' } },
      { request: { method: 'GET', url: 'Task?_summary=count' } },
    ]);
    expect(reads.status).toBe(200);
    expect(read).not.toContain('profiles-resources');

    const writes = await batch([
      {
        request: { method: 'POST', url: 'Patient' },
        resource: { resourceType: 'Patient', gender: 'nobody' },
      },
    ]);
    expect(writes.status).toBe(200);
    expect(read).toContain('profiles-resources');
    const [entry] = (writes.body as { entry?: { response?: { status?: string } }[] }).entry ?? [];
    expect(entry?.response?.status).toMatch(/^400/);
  });

  it('acts as the project directory for the auth service', () => {
    const engine = createFhirEngine({ clock: new ManualClock() });
    const project = engine.createProject('New clinic');
    expect(engine.project(project.id)).toEqual(project);
    const practitioner = engine.createResource<Practitioner>(project.id, {
      resourceType: 'Practitioner',
      name: [{ family: 'Who' }],
    });
    expect(practitioner.id).toBeDefined();
    expect(practitioner.meta?.project).toBe(project.id);
    const read = engine.readResource(project.id, 'Practitioner', practitioner.id as string);
    expect(read).toEqual(practitioner);
    (read as { name?: unknown }).name = 'mutated';
    expect(engine.readResource(project.id, 'Practitioner', practitioner.id as string)?.id).toBe(
      practitioner.id
    );
    expect(
      (engine.readResource(project.id, 'Practitioner', practitioner.id as string) as { name?: unknown }).name
    ).not.toBe('mutated');
    expect(engine.readResource('elsewhere', 'Practitioner', practitioner.id as string)).toBeUndefined();
  });

  it('never answers 500: a request outside the base, for an unknown project, or with an odd path', async () => {
    const { engine } = testServer();
    const outside = await engine.handle(new Request('http://localhost/other/Patient'), aliceContext);
    expect(outside.status).toBe(404);
    const unknown = await engine.handle(new Request(`${BASE}Patient`), {
      ...aliceContext,
      projectId: 'nope',
    });
    expect(unknown.status).toBe(403);
    const odd = await engine.handle(new Request(`${BASE}Patient/1/2/3/4/5`), aliceContext);
    expect(odd.status).toBe(404);
    const op = await engine.handle(new Request(`${BASE}Patient/$everything`), aliceContext);
    expect(op.status).toBeLessThan(500);
  });

  it('stores and serves raw Binary content', async () => {
    const { engine } = testServer();
    const created = await engine.handle(
      new Request(`${BASE}Binary`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'hello',
      }),
      aliceContext
    );
    expect(created.status).toBe(201);
    const { id, url } = (await created.json()) as Resource & { url?: string };
    expect(url).toBe(`${BASE}Binary/${id}`);
    const raw = await engine.handle(new Request(`${BASE}Binary/${id}`), aliceContext);
    expect(raw.headers.get('content-type')).toBe('text/plain');
    expect(await raw.text()).toBe('hello');
    const json = await engine.handle(
      new Request(`${BASE}Binary/${id}`, { headers: { Accept: 'application/fhir+json' } }),
      aliceContext
    );
    expect(((await json.json()) as { data: string }).data).toBe(btoa('hello'));
  });
});
