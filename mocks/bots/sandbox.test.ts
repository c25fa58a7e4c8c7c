import { afterEach, describe, expect, it } from 'vitest';
import { deployBot, issueText, newProjectOnFakeServer, type FakeServerSession } from './testing';

const LIMIT_MS = 1000;

describe('bot sandbox', () => {
  let session: FakeServerSession;
  afterEach(() => session?.fake.bots.dispose());

  it('reports a bot that throws as a 400 OperationOutcome with its message', async () => {
    session = await newProjectOnFakeServer({ botTimeoutMs: LIMIT_MS });
    const id = await deployBot(
      session,
      'thrower',
      'exports.handler = async () => { throw new Error("Lab feed is down"); };'
    );
    const answer = await session.fhir('POST', `Bot/${id}/$execute`, { resourceType: 'Patient' });
    expect(answer.status).toBe(400);
    expect(issueText(answer.body)).toBe('Lab feed is down');
  });

  it('stops a bot that loops forever with the time limit while the server keeps answering', async () => {
    session = await newProjectOnFakeServer({ botTimeoutMs: LIMIT_MS });
    const id = await deployBot(session, 'spinner', 'exports.handler = function () { for (;;) {} };');
    const order: string[] = [];
    const running = session.fhir('POST', `Bot/${id}/$execute`, {}).then((answer) => {
      order.push('bot');
      return answer;
    });
    const other = await session.fhir('GET', 'Patient?_count=1');
    order.push('other');
    expect(other.status).toBe(200);
    const answer = await running;
    expect(order).toEqual(['other', 'bot']);
    expect(answer.status).toBe(408);
    expect(issueText(answer.body)).toBe(`Bot timed out after ${LIMIT_MS} ms`);
  });

  it('stops a bot that loops forever after an await (asynchronous code)', async () => {
    session = await newProjectOnFakeServer({ botTimeoutMs: LIMIT_MS });
    const code = 'exports.handler = async (medplum) => { await medplum.search("Patient"); for (;;) {} };';
    const id = await deployBot(session, 'late-spinner', code);
    const answer = await session.fhir('POST', `Bot/${id}/$execute`, {});
    expect(answer.status).toBe(408);
    expect(issueText(answer.body)).toBe(`Bot timed out after ${LIMIT_MS} ms`);
    expect((await session.fhir('GET', 'Patient')).status).toBe(200);
  });

  it("gives the bot no require, process or fetch, and writes with the caller's rights", async () => {
    session = await newProjectOnFakeServer();
    const code = `exports.handler = async (medplum, event) => {
      const patient = await medplum.createResource({ resourceType: 'Patient', name: [{ family: event.input.family }] });
      return { globals: [typeof require, typeof process, typeof fetch].join(','), id: patient.id };
    };`;
    const id = await deployBot(session, 'writer', code);
    const answer = await session.fhir('POST', `Bot/${id}/$execute`, { family: 'Okafor' });
    expect(answer.status).toBe(200);
    const result = answer.body as { globals: string; id: string };
    expect(result.globals).toBe('undefined,undefined,undefined');
    const patient = await session.fhir('GET', `Patient/${result.id}`);
    expect((patient.body as { meta: { author: { reference: string } } }).meta.author.reference).toBe(
      session.profile
    );
  });

  it('runs a bot found by identifier with Bot/$execute and answers text as text', async () => {
    session = await newProjectOnFakeServer();
    const id = await deployBot(
      session,
      'echo',
      'exports.handler = async (m, event) => "got " + event.input.word;'
    );
    const patched = await session.fhir('PUT', `Bot/${id}`, {
      resourceType: 'Bot',
      id,
      name: 'echo',
      identifier: [{ system: 'https://carequeue.example.org/bots', value: 'echo' }],
      executableCode: ((await session.fhir('GET', `Bot/${id}`)).body as { executableCode: unknown })
        .executableCode,
    });
    expect(patched.status).toBe(200);
    const answer = await session.fhir(
      'GET',
      'Bot/$execute?identifier=https://carequeue.example.org/bots|echo&word=hi'
    );
    expect(answer).toEqual({ status: 200, body: 'got hi' });
  });

  it('refuses to create a bot in another project and to deploy without code', async () => {
    session = await newProjectOnFakeServer();
    const elsewhere = await session.fhir('POST', 'admin/projects/someone-else/bot', { name: 'x' });
    expect(elsewhere.status).toBe(403);
    const created = await session.fhir('POST', `admin/projects/${session.projectId}/bot`, { name: 'empty' });
    const id = (created.body as { id: string }).id;
    const deployed = await session.fhir('POST', `Bot/${id}/$deploy`, {});
    expect(deployed.status).toBe(400);
    const executed = await session.fhir('POST', `Bot/${id}/$execute`, {});
    expect(issueText(executed.body)).toBe('Bot empty has no deployed code');
  });
});
