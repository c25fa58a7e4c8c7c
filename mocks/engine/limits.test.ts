import type { Bundle, Task } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { aliceContext, BASE, issueText, testServer } from './test-helpers';

const task = (code: string): Task => ({
  resourceType: 'Task',
  status: 'requested',
  intent: 'order',
  code: { text: code },
});

describe('request limits and conditional semantics', () => {
  it('refuses a body nested thousands of levels deep with 400, and stores nothing', async () => {
    const { call } = testServer();
    const deep = `{"resourceType":"Patient","extension":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const created = await call('POST', 'Patient', deep);
    expect(created.status).toBe(400);
    expect(issueText(created.body)).toMatch(/nested more than \d+ levels/);
    const search = await call<Bundle>('GET', 'Patient');
    expect(search.body.total).toBe(0);
  });

  it('keeps brackets inside strings from counting as nesting', async () => {
    const { call } = testServer();
    const created = await call('POST', 'Patient', {
      resourceType: 'Patient',
      name: [{ text: '['.repeat(500) + '"{' }],
    });
    expect(created.status).toBe(201);
  });

  it('refuses a batch with more entries than the limit before running any', async () => {
    const { call } = testServer();
    const entry = Array.from({ length: LIMITS.maxBundleEntries + 1 }, () => ({
      request: { method: 'POST', url: 'Task' },
      resource: task('x'),
    }));
    const answer = await call('POST', '', { resourceType: 'Bundle', type: 'batch', entry });
    expect(answer.status).toBe(400);
    expect(issueText(answer.body)).toMatch(/at most 1000 entries/);
    expect((await call<Bundle>('GET', 'Task')).body.total).toBe(0);
  });

  it('answers other requests while a long batch of searches runs', async () => {
    const { engine, call } = testServer();
    await call('POST', 'Task', task('a'));
    const entry = Array.from({ length: 1000 }, () => ({ request: { method: 'GET', url: 'Task?_count=5' } }));
    const order: string[] = [];
    const batch = engine
      .handle(
        new Request(BASE, {
          method: 'POST',
          headers: { 'Content-Type': 'application/fhir+json' },
          body: JSON.stringify({ resourceType: 'Bundle', type: 'batch', entry }),
        }),
        aliceContext
      )
      .then(async (response) => {
        order.push('batch');
        return (await response.json()) as Bundle;
      });
    const read = engine.handle(new Request(`${BASE}metadata`), aliceContext).then(() => order.push('read'));
    const [bundle] = await Promise.all([batch, read]);
    expect(order).toEqual(['read', 'batch']);
    expect(bundle.entry).toHaveLength(1000);
    expect(bundle.entry?.every((e) => e.response?.status === '200')).toBe(true);
  });

  it('tells listeners of each batch write once, even while other requests write between entries', async () => {
    const { engine, call } = testServer();
    const seen: string[] = [];
    engine.onChange((change) => change.versions.forEach((v) => seen.push(`${v.resourceType}/${v.id}`)));
    const entry = Array.from({ length: 60 }, (_, i) => ({
      request: { method: 'POST', url: 'Task' },
      resource: task(`b${i}`),
    }));
    await Promise.all([
      call('POST', '', { resourceType: 'Bundle', type: 'batch', entry }),
      call('POST', 'Task', task('between')),
    ]);
    expect(seen).toHaveLength(61);
    expect(new Set(seen).size).toBe(61);
  });

  it('refuses a conditional delete with only result parameters and deletes nothing', async () => {
    const { call } = testServer();
    await call('POST', 'Task', task('a'));
    await call('POST', 'Task', task('b'));
    const answer = await call('DELETE', 'Task?_count=1');
    expect(answer.status).toBe(412);
    expect(issueText(answer.body)).toMatch(/needs search criteria/);
    expect((await call<Bundle>('GET', 'Task')).body.total).toBe(2);
  });

  it('refuses a conditional update with only result parameters instead of overwriting a match', async () => {
    const { call } = testServer();
    await call('POST', 'Task', task('a'));
    const answer = await call('PUT', 'Task?_sort=-_lastUpdated&_count=1', task('overwritten'));
    expect(answer.status).toBe(412);
    const tasks = await call<Bundle<Task>>('GET', 'Task');
    expect(tasks.body.entry?.map((e) => e.resource?.code?.text)).toEqual(['a']);
  });

  it('refuses a conditional update that matches several resources with 412', async () => {
    const { call } = testServer();
    await call('POST', 'Task', task('same'));
    await call('POST', 'Task', task('same'));
    const answer = await call('PUT', 'Task?code:text=same', task('one of them'));
    expect(answer.status).toBe(412);
    expect(issueText(answer.body)).toMatch(/Multiple Task resources match/);
  });
});
