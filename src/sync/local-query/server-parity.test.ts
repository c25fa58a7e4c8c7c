import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeFakeServer } from '@mocks/node';
import { SearchError } from '@/fhir/search';
import type { LocalQueryEngine } from './engine';
import { adHocCases, pagingCases, queueCases, type QueryCase } from './testing/cases';
import { localAnswer, parityWorld, serverAnswer, userView, type UserView } from './testing/parity';

const USERS = ['doctor@example.com', 'nurse@example.com', 'coordinator@example.com'];
const PROFILES = ['Practitioner/practitioner-alice-smith', 'Practitioner/practitioner-bob-jones'];

let node: NodeFakeServer;
let engine: LocalQueryEngine;
const signed = new Map<string, UserView>();
let touchedAfter = '';
let now = '';

beforeAll(async () => {
  const world = await parityWorld(USERS[0] ?? '');
  ({ node, engine } = world);
  const doctor = world.session;
  // Three tasks change a minute after the seed, for _lastUpdated and for the server's order after updates.
  touchedAfter = new Date(node.fake.clock.now() + 30_000).toISOString();
  node.fake.clock.advance(60_000);
  for (const id of ['task-007', 'task-100', 'task-201']) {
    const response = await doctor.fetch(`fhir/R4/Task/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'add', path: '/note', value: [{ text: 'Seen again.' }] }]),
    });
    expect(response.status).toBe(200);
  }
  now = new Date(node.fake.clock.now()).toISOString();
  for (const email of USERS) signed.set(email, await userView(node, email));
});

afterAll(() => node.server.close());

function user(email: string): UserView {
  const found = signed.get(email);
  if (!found) throw new Error(`${email} did not sign in`);
  return found;
}

async function expectSameAnswer(email: string, c: QueryCase): Promise<void> {
  const { session, resources } = user(email);
  const server = await serverAnswer(session, c.resourceType, c.params);
  const local = localAnswer(engine.search(resources, c.resourceType, c.params));
  expect(local).toEqual(server);
}

describe.each(USERS)('local answers equal the server for %s on the demo data', (email) => {
  it('has a project with tasks and patients to compare', () => {
    const { resources, session } = user(email);
    expect(resources.filter((r) => r.resourceType === 'Task').length).toBeGreaterThan(200);
    expect(resources.filter((r) => r.resourceType === 'Patient').length).toBeGreaterThan(30);
    expect(session.profile).toMatch(/^Practitioner\//);
  });

  it('My Tasks is not empty, so the comparison means something', async () => {
    const { session } = user(email);
    const mine = await serverAnswer(
      session,
      'Task',
      queueCases(session.profile)[0]?.params ?? new URLSearchParams()
    );
    expect(mine.total).toBeGreaterThan(0);
  });

  it.each(queueCases('{profile}').map((c) => [c.name, c] as const))('queue: %s', async (_name, c) => {
    const profile = user(email).session.profile;
    const params = new URLSearchParams(c.params.toString().replace(encodeURIComponent('{profile}'), profile));
    await expectSameAnswer(email, { ...c, params });
  });

  it.each(pagingCases('{profile}').map((c) => [c.name, c] as const))('paging: %s', async (_name, c) => {
    const profile = user(email).session.profile;
    const params = new URLSearchParams(c.params.toString().replace(encodeURIComponent('{profile}'), profile));
    await expectSameAnswer(email, { ...c, params });
  });
});

describe('ad-hoc searches equal the server on the demo data', () => {
  const cases = (): QueryCase[] => adHocCases({ lastUpdatedAfter: touchedAfter, now, profiles: PROFILES });
  // The table is built before beforeAll runs, so the instants are filled in inside each test.
  it.each(adHocCases({ lastUpdatedAfter: '', now: '', profiles: PROFILES }).map((c) => [c.name]))(
    '%s',
    async (name) => {
      const c = cases().find((x) => x.name === name);
      if (!c) throw new Error(name);
      await expectSameAnswer(USERS[0] ?? '', c);
    }
  );

  it('_lastUpdated=gt finds exactly the three tasks changed after the seed', async () => {
    const c = cases().find((x) => x.name === '_lastUpdated=gt');
    const { resources } = user(USERS[0] ?? '');
    const local = engine.search(resources, 'Task', c?.params ?? new URLSearchParams());
    expect(local.resources.map((r) => r.id).sort()).toEqual(['task-007', 'task-100', 'task-201']);
  });

  it('rejects what the server rejects: an unknown parameter and an unknown sort key', async () => {
    const { session, resources } = user(USERS[0] ?? '');
    for (const query of ['bogus=1', '_sort=-nonsense', 'status:fancy=ready']) {
      const response = await session.fetch(`fhir/R4/Task?${query}`);
      expect(response.status).toBe(400);
      expect(() => engine.search(resources, 'Task', new URLSearchParams(query))).toThrow(SearchError);
    }
  });
});
