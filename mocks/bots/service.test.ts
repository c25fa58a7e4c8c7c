import type { Bundle, Task } from '@medplum/fhirtypes';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBot, committedBot, BOT_NAMES } from './build';
import { SUPPORTED_INTERACTION_URL } from './subscriptions';
import { create, deployBot, MINUTE, newProjectOnFakeServer, type FakeServerSession } from './testing';

const entries = <T>(body: unknown): T[] => ((body as Bundle).entry ?? []).map((entry) => entry.resource as T);

describe('bots on the fake server', () => {
  let session: FakeServerSession;
  afterEach(() => session?.fake.bots.dispose());

  it('the committed bots/compiled files are the build of bots/*.ts (rebuild: npx tsx mocks/bots/build-cli.ts)', async () => {
    for (const name of BOT_NAMES) expect(await committedBot(name), name).toBe(await buildBot(name));
  });

  it('a preliminary report created after the review-report subscription has its task when the create is answered', async () => {
    session = await newProjectOnFakeServer();
    const botId = await deployBot(session, 'review-report', await committedBot('review-report'));
    await session.fhir('POST', 'Subscription', {
      resourceType: 'Subscription',
      status: 'active',
      reason: 'Review new preliminary reports',
      criteria: 'DiagnosticReport?status=preliminary',
      channel: { type: 'rest-hook', endpoint: `Bot/${botId}` },
      extension: [{ url: SUPPORTED_INTERACTION_URL, valueCode: 'create' }],
    });
    const patient = await create(session, { resourceType: 'Patient' });
    const report = await create(session, {
      resourceType: 'DiagnosticReport',
      status: 'preliminary',
      code: { text: 'Lipid panel' },
      subject: { reference: `Patient/${patient.id}` },
    });
    await session.fhir('POST', 'DiagnosticReport', {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: { text: 'Lipid panel' },
      subject: { reference: `Patient/${patient.id}` },
    });
    const tasks = entries<Task>((await session.fhir('GET', 'Task')).body);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      focus: { reference: `DiagnosticReport/${report.id}` },
      performerType: [{ coding: [{ code: '158965000' }] }],
      meta: { author: { reference: `Bot/${botId}` } },
    });
    // An update is not a create: no second task.
    await session.fhir('PATCH', `DiagnosticReport/${report.id}`, [
      { op: 'add', path: '/conclusion', value: 'ok' },
    ]);
    await session.fake.bots.settled();
    expect(entries<Task>((await session.fhir('GET', 'Task')).body)).toHaveLength(1);
  });

  // Moves stay under the token lifetime (an hour) of the session.
  it('runs a bot with a 15-minute schedule when the clock moves, once per step', async () => {
    session = await newProjectOnFakeServer();
    const botId = await deployBot(session, 'respond-to-message', await committedBot('respond-to-message'));
    const bot = (await session.fhir('GET', `Bot/${botId}`)).body as Record<string, unknown>;
    await session.fhir('PUT', `Bot/${botId}`, { ...bot, cronString: '*/15 * * * *' });
    const patient = await create(session, { resourceType: 'Patient' });
    const thread = await create(session, {
      resourceType: 'Communication',
      status: 'in-progress',
      subject: { reference: `Patient/${patient.id}` },
    });
    await session.fhir('POST', 'Communication', {
      resourceType: 'Communication',
      status: 'in-progress',
      partOf: [{ reference: `Communication/${thread.id}` }],
      sender: { reference: `Patient/${patient.id}` },
      sent: new Date(session.fake.clock.now() - 5 * MINUTE).toISOString(),
    });
    const advance = (minutes: number) =>
      session.fake.handle(
        new Request('http://localhost/$fake/clock', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.accessToken}` },
          body: JSON.stringify({ advanceMs: minutes * MINUTE }),
        })
      );
    await advance(15);
    expect(entries<Task>((await session.fhir('GET', 'Task')).body)).toHaveLength(0);
    await advance(15);
    const tasks = entries<Task>((await session.fhir('GET', 'Task')).body);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.focus?.reference).toBe(`Communication/${thread.id}`);
    await advance(15);
    expect(entries<Task>((await session.fhir('GET', 'Task')).body)).toHaveLength(1);
  });
});
