import type {
  Bot,
  Bundle,
  Practitioner,
  PractitionerRole,
  Resource,
  Subscription,
  Task,
  ValueSet,
} from '@medplum/fhirtypes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSeed } from '@mocks/seed';
import { ME, replicaHarness, type ReplicaHarness } from '@/ui/testing/replica-harness';
import { CORE_VALUESETS } from './data/value-sets';
import type { UploadContext } from './uploaders/context';
import { INVALID_UPLOAD_TYPE, loadUploader, UPLOAD_TYPES } from './uploads';
import { createFakeServer } from '@mocks/server';
import { signInToFake } from '@/ui/testing/sign-in-client';

const MINUTE = 60_000;

describe('upload pages, against the fake server with an empty project', () => {
  let h: ReplicaHarness;
  let context: UploadContext;
  /** The new project's owner is its admin, as the developer controls require. */
  let adminToken: string;

  const search = async <T extends Resource>(type: string, query = ''): Promise<T[]> => {
    const bundle = await context.fhir.search(type, `${query}${query ? '&' : ''}_count=200`, {
      noCache: true,
    });
    return (bundle.entry ?? []).map((entry) => entry.resource as T);
  };
  const run = async (type: string) =>
    (await loadUploader(type))({ ...context, now: new Date(h.fake.clock.now()) });
  const moveClock = (minutes: number) =>
    h.fake.handle(
      new Request(`${h.baseUrl}$fake/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ advanceMs: minutes * MINUTE }),
      })
    );

  beforeEach(async () => {
    h = await replicaHarness();
    const session = h.props.client.session.getState();
    adminToken = session.status === 'none' ? '' : session.login.accessToken;
    context = {
      fhir: h.fhir,
      profile: ME,
      profileName: 'Alice Smith',
      projectId: h.projectId,
      now: new Date(),
    };
  });
  afterEach(() => h.stop());

  it("fails an unknown type with 'Invalid upload type'", async () => {
    await expect(loadUploader('everything')).rejects.toThrow(INVALID_UPLOAD_TYPE);
    expect(UPLOAD_TYPES).toEqual(['core', 'task', 'role', 'qualifications', 'bots', 'report', 'message']);
  });

  it('core: creates the three value sets, twice without duplicates, with two notices', async () => {
    expect(await run('core')).toEqual([
      'Uploaded Business Statuses',
      'Uploaded Practitioner Roles and Task Types',
    ]);
    await run('core');
    const valueSets = await search<ValueSet>('ValueSet');
    expect(valueSets.map((valueSet) => valueSet.url).sort()).toEqual(
      CORE_VALUESETS.map((valueSet) => valueSet.url).sort()
    );
  });

  it("core: says 'Error uploading core data' when an entry cannot be applied", async () => {
    const url = CORE_VALUESETS[0]?.url;
    for (let i = 0; i < 2; i++)
      await context.fhir.create({ resourceType: 'ValueSet', status: 'active', url });
    await expect(run('core')).rejects.toThrow('Error uploading core data');
  });

  it('core: the example value sets are the seed data’s (one set of codes)', () => {
    const seeded = buildSeed().resources.filter(({ resource }) => resource.resourceType === 'ValueSet');
    const codes = (valueSet: ValueSet) =>
      valueSet.compose?.include.flatMap((include) => include.concept ?? []);
    for (const example of CORE_VALUESETS) {
      const seed = seeded.find(({ resource }) => (resource as ValueSet).url === example.url)
        ?.resource as ValueSet;
      expect(seed?.id).toBe(example.id);
      expect(codes(example)).toEqual(codes(seed));
    }
  });

  it('task: tasks of every type for the Doctor queue, the state queues and My Tasks', async () => {
    expect(await run('task')).toEqual(['Uploaded Example Tasks']);
    const tasks = await search<Task>('Task');
    expect(new Set(tasks.map((task) => task.code?.coding?.[0]?.code)).size).toBe(4);
    expect(await search<Task>('Task', 'performer=158965000&owner:missing=true')).toHaveLength(3);
    expect(await search<Task>('Task', `owner=${context.profile}`)).toHaveLength(1);
    for (const state of ['NY', 'CA', 'TX']) {
      expect(
        (await search<Task>('Task', `owner:missing=true&patient.address-state=${state}`)).length,
        state
      ).toBeGreaterThan(0);
    }
  });

  it('role: a Doctor role once and the suffix MD once', async () => {
    expect(await run('role')).toEqual(['Uploaded Example Qualifications']);
    await run('role');
    const roles = await search<PractitionerRole>('PractitionerRole', `practitioner=${context.profile}`);
    expect(roles.map((role) => role.code?.[0]?.coding?.[0]?.code)).toEqual(['158965000']);
    const practitioner = await context.fhir.read<Practitioner>(
      'Practitioner',
      context.profile.split('/')[1] ?? ''
    );
    expect(practitioner.name?.[0]?.suffix).toEqual(['MD']);
  });

  it('qualifications: licences in NY, CA and TX; nothing without a practitioner', async () => {
    expect(await run('qualifications')).toEqual(['Uploaded Example Qualifications']);
    const practitioner = await context.fhir.read<Practitioner>(
      'Practitioner',
      context.profile.split('/')[1] ?? '',
      { noCache: true }
    );
    const states = practitioner.qualification?.map(
      (q) =>
        q.extension?.[0]?.extension?.find((e) => e.url === 'whereValid')?.valueCodeableConcept?.coding?.[0]
          ?.code
    );
    expect(states).toEqual(['NY', 'CA', 'TX']);
    const before = h.fake.engine.snapshot().projects.find((p) => p.id === context.projectId)?.versions.length;
    await (
      await loadUploader('qualifications')
    )({ ...context, profile: '' });
    expect(h.fake.engine.snapshot().projects.find((p) => p.id === context.projectId)?.versions.length).toBe(
      before
    );
  });

  it('bots then report: the deployed review-report bot puts the new report in the Doctor queue', async () => {
    expect(await run('bots')).toEqual(['Deployed Example Bots']);
    await run('bots');
    const bots = await search<Bot>('Bot');
    expect(bots.map((bot) => bot.name).sort()).toEqual(['respond-to-message', 'review-report']);
    expect(bots.every((bot) => bot.executableCode?.url?.startsWith('Binary/'))).toBe(true);
    expect(await search<Subscription>('Subscription')).toHaveLength(1);
    expect(await run('report')).toEqual(['Uploaded Example Report']);
    const tasks = await search<Task>('Task', 'performer=158965000&code=review-diagnostic-report');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.focus?.reference).toMatch(/^DiagnosticReport\//);
  });

  it('bots then messages: moving the clock gives Respond to Message tasks to the last responder or the coordinators', async () => {
    await run('bots');
    expect(await run('message')).toEqual(['Uploaded Example Messages']);
    await moveClock(15);
    const tasks = await search<Task>('Task', 'code=respond-to-message');
    expect(tasks).toHaveLength(2);
    expect(tasks.filter((task) => task.owner?.reference === context.profile)).toHaveLength(1);
    expect(
      tasks.filter((task) => task.performerType?.[0]?.coding?.[0]?.code === '768820003' && !task.owner)
    ).toHaveLength(1);
    await moveClock(30);
    expect(await search<Task>('Task', 'code=respond-to-message')).toHaveLength(3);
    await moveClock(15);
    expect(await search<Task>('Task', 'code=respond-to-message')).toHaveLength(3);
  });

  it("bots: fails with the server's 'Bots not enabled' where the project lacks the bots feature", async () => {
    const demo = createFakeServer();
    try {
      const riverside = await signInToFake(
        demo,
        'http://demo.test/',
        'coordinator@example.com',
        'Riverside Clinic'
      );
      const riversideContext: UploadContext = { ...riverside, now: new Date(demo.clock.now()) };
      await expect((await loadUploader('bots'))(riversideContext)).rejects.toThrow('Bots not enabled');
    } finally {
      demo.bots.dispose();
    }
  });

  it('report and messages are transactions: patients are created once across uploads', async () => {
    await run('report');
    await run('message');
    await run('task');
    const bundle: Bundle = await context.fhir.search('Patient', '_count=50', { noCache: true });
    expect(bundle.entry).toHaveLength(3);
  });
});
