import type { Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { issueText, testServer } from './test-helpers';

const PATCH = { 'Content-Type': 'application/json-patch+json' };

async function withTask() {
  const server = testServer();
  const { body } = await server.call<Task>('POST', 'Task', {
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
  });
  return { ...server, task: body };
}

describe('patch', () => {
  it('applies a JSON Patch whose first op tests the version, and bumps the version', async () => {
    const { call, task } = await withTask();
    const ops = [
      { op: 'test', path: '/meta/versionId', value: '1' },
      { op: 'replace', path: '/status', value: 'in-progress' },
      { op: 'add', path: '/note', value: [{ text: 'Called the patient' }] },
    ];
    const answer = await call<Task>('PATCH', `Task/${task.id}`, ops, PATCH);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('in-progress');
    expect(answer.body.note).toEqual([{ text: 'Called the patient' }]);
    expect(answer.body.meta?.versionId).toBe('2');
    expect(answer.headers.get('etag')).toBe('W/"2"');
  });

  it('answers a failed test op (stale version) with 412 and an OperationOutcome, changing nothing', async () => {
    const { call, task } = await withTask();
    await call('PATCH', `Task/${task.id}`, [{ op: 'replace', path: '/status', value: 'on-hold' }], PATCH);
    const stale = await call(
      'PATCH',
      `Task/${task.id}`,
      [
        { op: 'test', path: '/meta/versionId', value: '1' },
        { op: 'replace', path: '/status', value: 'completed' },
      ],
      PATCH
    );
    expect(stale.status).toBe(412);
    expect(stale.body.resourceType).toBe('OperationOutcome');
    expect(issueText(stale.body)).toContain('Test failed');
    const current = await call<Task>('GET', `Task/${task.id}`);
    expect(current.body.status).toBe('on-hold');
    expect(current.body.meta?.versionId).toBe('2');
  });

  it('honours If-Match on PATCH', async () => {
    const { call, task } = await withTask();
    const ops = [{ op: 'replace', path: '/status', value: 'completed' }];
    expect((await call('PATCH', `Task/${task.id}`, ops, { ...PATCH, 'If-Match': 'W/"7"' })).status).toBe(412);
    expect((await call('PATCH', `Task/${task.id}`, ops, { ...PATCH, 'If-Match': 'W/"1"' })).status).toBe(200);
  });

  it('answers malformed patches with 400', async () => {
    const { call, task } = await withTask();
    const bad: [string, unknown][] = [
      ['not an array', { op: 'replace', path: '/status', value: 'x' }],
      ['unknown op', [{ op: 'frobnicate', path: '/status' }]],
      ['missing value', [{ op: 'replace', path: '/status' }]],
      ['unresolvable path', [{ op: 'replace', path: '/nothing/here', value: 1 }]],
      ['bad JSON', '[{"op": "replace"'],
    ];
    for (const [label, ops] of bad) {
      const answer = await call('PATCH', `Task/${task.id}`, ops, PATCH);
      expect(answer.status, label).toBe(400);
      expect(answer.body.resourceType, label).toBe('OperationOutcome');
    }
    expect((await call<Task>('GET', `Task/${task.id}`)).body.meta?.versionId).toBe('1');
  });

  it('cannot change id or resourceType', async () => {
    const { call, task } = await withTask();
    for (const [path, value] of [
      ['/id', 'other'],
      ['/resourceType', 'Patient'],
    ]) {
      const answer = await call('PATCH', `Task/${task.id}`, [{ op: 'replace', path, value }], PATCH);
      expect(answer.status, path).toBe(400);
    }
  });

  it('patching a missing resource is 404, a deleted one 410', async () => {
    const { call, task } = await withTask();
    const ops = [{ op: 'replace', path: '/status', value: 'completed' }];
    expect((await call('PATCH', 'Task/missing', ops, PATCH)).status).toBe(404);
    await call('DELETE', `Task/${task.id}`);
    expect((await call('PATCH', `Task/${task.id}`, ops, PATCH)).status).toBe(410);
  });

  it('a patch of only test ops that pass makes no new version', async () => {
    const { call, task } = await withTask();
    const answer = await call<Task>(
      'PATCH',
      `Task/${task.id}`,
      [{ op: 'test', path: '/status', value: 'ready' }],
      PATCH
    );
    expect(answer.status).toBe(200);
    expect(answer.body.meta?.versionId).toBe('1');
  });
});
