import type { QuestionnaireResponse, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { resourceKey, type OutboxEntry } from '@/db/types';
import { doctorHoldingTask, type Device } from './testing/harness';
import { listeningFakeServer } from './testing/fake-server';
import { namesAnyOf } from './local-references';
import type { LocalChange } from './types';

const baseUrl = listeningFakeServer();

let taskOffset = 40;
const setup = () => doctorHoldingTask(baseUrl, taskOffset++);

const response: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  status: 'completed',
  item: [{ linkId: 'q', answer: [{ valueString: 'yes' }] }],
};

/** The create of a completed response (under a temporary id until the server confirms it). */
const createResponseChange = (): LocalChange => ({
  resourceType: 'QuestionnaireResponse',
  kind: 'create',
  resource: response,
  commutes: false,
  label: 'Submit questionnaire',
});
const createResponse = (doctor: Device) => doctor.engine.applyChange(createResponseChange());

/** Adds an output to the task that points at `reference`. */
const linkOutput = (task: Task, reference: string): LocalChange => ({
  resourceType: 'Task',
  id: task.id,
  kind: 'patch',
  operations: [
    {
      op: 'add',
      path: task.output ? '/output/-' : '/output',
      value: task.output
        ? { type: { text: 'Response' }, valueReference: { reference } }
        : [{ type: { text: 'Response' }, valueReference: { reference } }],
    },
  ],
  commutes: false,
  label: 'Link response',
});

const outputsOf = (task: Task | undefined): string[] =>
  (task?.output ?? []).map((output) => output.valueReference?.reference ?? '');

const serverResponses = async (doctor: Device, clientId: string): Promise<QuestionnaireResponse[]> => {
  const bundle = await doctor.server.search(
    'QuestionnaireResponse',
    { identifier: clientId },
    { noCache: true }
  );
  return (bundle.entry ?? []).map((entry) => entry.resource as QuestionnaireResponse);
};

describe('a change that points at a resource created on this device', () => {
  it('made offline, reaches the server pointing at the id the server gave the new resource', async () => {
    const { doctor, task } = await setup();
    doctor.faults.inject('POST', /./, 'offline', Infinity).inject('PATCH', /./, 'offline', Infinity);
    const created = await createResponse(doctor);
    await doctor.engine.applyChange(linkOutput(task, `QuestionnaireResponse/${created.id}`));
    expect((await doctor.engine.syncNow()).pending).toBe(2);

    doctor.faults.clear();
    doctor.clock.advance(10 * 60_000);
    expect((await doctor.engine.syncNow()).pending).toBe(0);

    const [onServer, ...others] = await serverResponses(doctor, created.id);
    expect(others).toEqual([]);
    expect(onServer?.id).toBeTruthy();
    expect(onServer?.id).not.toBe(created.id);
    const serverTask = await doctor.server.read<Task>('Task', task.id ?? '', { noCache: true });
    expect(outputsOf(serverTask)).toEqual([`QuestionnaireResponse/${onServer?.id}`]);
    // The device shows the same, and holds the response under the server's id.
    expect(outputsOf((await doctor.record('Task', task.id ?? ''))?.resource as Task)).toEqual([
      `QuestionnaireResponse/${onServer?.id}`,
    ]);
    expect(await doctor.record('QuestionnaireResponse', onServer?.id ?? '')).toBeDefined();
    expect(await doctor.record('QuestionnaireResponse', created.id)).toBeUndefined();
  });

  it('waits for the create: it is not sent while the server has not given the new resource its id', async () => {
    const { doctor, task } = await setup();
    // The server keeps failing the create (a batch would still get through).
    doctor.faults.inject('POST', /\/QuestionnaireResponse$/, 'server-error', Infinity);
    const created = await createResponse(doctor);
    await doctor.engine.applyChange(linkOutput(task, `QuestionnaireResponse/${created.id}`));
    await doctor.engine.syncNow();
    expect(doctor.faults.count('PATCH', /\/Task\//)).toBe(0);
    const serverTask = await doctor.server.read<Task>('Task', task.id ?? '', { noCache: true });
    expect(outputsOf(serverTask)).toEqual([]);
    // The local copy already shows the link.
    expect(outputsOf((await doctor.record('Task', task.id ?? ''))?.resource as Task)).toEqual([
      `QuestionnaireResponse/${created.id}`,
    ]);
  });

  it("queued just after the create was confirmed with the temporary id, it gets the server's id", async () => {
    const { doctor, task } = await setup();
    const created = await createResponse(doctor);
    await doctor.engine.syncNow();
    const [onServer] = await serverResponses(doctor, created.id);
    expect(onServer?.id).toBeTruthy();

    // The screen read the temporary id before the confirmation reached it.
    await doctor.engine.applyChange(linkOutput(task, `QuestionnaireResponse/${created.id}`));
    expect(outputsOf((await doctor.record('Task', task.id ?? ''))?.resource as Task)).toEqual([
      `QuestionnaireResponse/${onServer?.id}`,
    ]);
    await doctor.engine.syncNow();
    const serverTask = await doctor.server.read<Task>('Task', task.id ?? '', { noCache: true });
    expect(outputsOf(serverTask)).toEqual([`QuestionnaireResponse/${onServer?.id}`]);
  });
});

describe('a change queued under a temporary id the server has just replaced', () => {
  it("is made to the resource under the server's id", async () => {
    const { doctor } = await setup();
    const created = await doctor.engine.applyChange({
      ...createResponseChange(),
      resource: { ...response, status: 'in-progress' },
    });
    await doctor.engine.syncNow();
    const [onServer] = await serverResponses(doctor, created.id);

    // The screen read the temporary id before the confirmation reached it.
    const applied = await doctor.engine.applyChange({
      resourceType: 'QuestionnaireResponse',
      id: created.id,
      kind: 'patch',
      operations: [{ op: 'replace', path: '/status', value: 'completed' }],
      commutes: false,
      label: 'Submit questionnaire',
    });
    expect(applied.id).toBe(onServer?.id);
    await doctor.engine.syncNow();
    const landed = await doctor.server.read<QuestionnaireResponse>(
      'QuestionnaireResponse',
      onServer?.id ?? '',
      {
        noCache: true,
      }
    );
    expect(landed.status).toBe('completed');
  });
});

describe('an output appended to a task', () => {
  it("is re-based on another user's newer version instead of becoming a conflict", async () => {
    const { doctor, task } = await setup();
    await doctor.engine.applyChange({
      ...linkOutput(task, 'QuestionnaireResponse/r-elsewhere'),
      commutes: true,
    });
    await doctor.server.patch('Task', task.id ?? '', [{ op: 'add', path: '/description', value: 'Changed' }]);
    const report = await doctor.engine.syncNow();
    expect(report.pending).toBe(0);
    expect(report.conflicts).toBe(0);
    const serverTask = await doctor.server.read<Task>('Task', task.id ?? '', { noCache: true });
    expect(serverTask.description).toBe('Changed');
    expect(outputsOf(serverTask)).toEqual(['QuestionnaireResponse/r-elsewhere']);
  });
});

describe('namesAnyOf', () => {
  const entry = (key: string, value: unknown): OutboxEntry => ({
    key: key as OutboxEntry['key'],
    resourceType: key.split('/')[0] ?? '',
    resourceId: key.split('/')[1] ?? '',
    kind: 'patch',
    operations: [{ op: 'add', path: '/x', value }],
    commutes: false,
    label: '',
    createdAt: '',
    attempts: 0,
    notBefore: 0,
    state: 'pending',
    revision: 0,
  });
  const creates = new Set([resourceKey('QuestionnaireResponse', 'tmp-1'), resourceKey('Task', 't1')]);

  it('finds a reference to a pending create anywhere in the change, but not the entry itself', () => {
    expect(namesAnyOf(entry('Task/t2', { a: [{ reference: 'QuestionnaireResponse/tmp-1' }] }), creates)).toBe(
      true
    );
    expect(namesAnyOf(entry('Task/t1', { reference: 'Task/t1' }), creates)).toBe(false);
    expect(namesAnyOf(entry('Task/t2', { reference: 'QuestionnaireResponse/tmp-2' }), creates)).toBe(false);
  });
});
