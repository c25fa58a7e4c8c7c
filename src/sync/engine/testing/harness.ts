import type {
  Bundle,
  BundleEntry,
  CapabilityStatement,
  OperationOutcome,
  Resource,
  Task,
} from '@medplum/fhirtypes';
import { ALICE_SMITH_ID, BOB_JONES_ID } from '@mocks/seed';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { resourceKey, type StoredResource } from '@/db/types';
import { ApiClient } from '@/sync/client';
import { FhirClient } from '@/sync/fhir/fhir-client';
import type { FetchLike } from '@/sync/platform';
import { SyncEngine } from '../engine';
import { acceptServerVersion } from '../record';
import type { SyncEngineOptions } from '../types';
import { ManualClock } from '@/fhir/testing/manual-clock';

export const ALICE = `Practitioner/${ALICE_SMITH_ID}`;
export const BOB = `Practitioner/${BOB_JONES_ID}`;

export type Fault =
  /** The request never reaches the server ('Failed to fetch'). */
  | 'offline'
  /** The server answers 500 without looking at the request. */
  | 'server-error'
  /** The server applies the request, then the connection drops: the client sees 'Failed to fetch'. */
  | 'lose-response'
  /** Any answer, made by a function of the request. */
  | ((url: string, init: RequestInit) => Response | Promise<Response>);

interface Rule {
  method: string;
  pattern: RegExp;
  fault: Fault;
  /** How many more requests it hits; Infinity for all. */
  times: number;
}

/** A fetch in front of the real one that injects scripted faults and records what was sent. */
export class ScriptedFaults {
  /** Each request as sent, with how many answers the client had received by then. */
  readonly sent: { method: string; url: string; body: string; answeredBefore: number }[] = [];
  private answered = 0;
  private readonly rules: Rule[] = [];
  /** Called after the server answered and before the client sees it. */
  onAnswered?: (method: string, url: string) => Promise<void> | void;

  constructor(private readonly inner: FetchLike = (url, init) => globalThis.fetch(url, init)) {}

  inject(method: string, pattern: RegExp, fault: Fault, times = 1): this {
    this.rules.push({ method, pattern, fault, times });
    return this;
  }

  clear(): void {
    this.rules.length = 0;
  }

  count(method: string, pattern: RegExp): number {
    return this.sent.filter((r) => r.method === method && pattern.test(r.url)).length;
  }

  readonly fetch: FetchLike = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : '';
    this.sent.push({ method, url, body, answeredBefore: this.answered });
    const rule = this.rules.find((r) => r.times > 0 && r.method === method && r.pattern.test(url));
    if (rule) {
      rule.times--;
      if (rule.fault === 'offline') throw new TypeError('Failed to fetch');
      if (rule.fault === 'server-error') {
        return new Response(JSON.stringify({ resourceType: 'OperationOutcome', issue: [] }), { status: 500 });
      }
      if (rule.fault === 'lose-response') {
        await this.inner(url, init).then((response) => response.arrayBuffer());
        throw new TypeError('Failed to fetch');
      }
      return rule.fault(url, init);
    }
    const response = await this.inner(url, init);
    this.answered++;
    await this.onAnswered?.(method, url);
    return response;
  };
}

/** Signs a demo user in through the app's own client. */
export async function signIn(client: ApiClient, email: string): Promise<void> {
  const answer = await client.signIn.login({ email, password: 'password' });
  let code = answer.code;
  if (!code && answer.memberships?.[0]) {
    code = (await client.signIn.chooseProfile(answer.login, answer.memberships[0].id ?? '')).code;
  }
  if (!code) throw new Error(`Sign-in of ${email} ended without a code`);
  await client.signIn.complete(code);
}

export interface Device {
  clock: ManualClock;
  faults: ScriptedFaults;
  client: ApiClient;
  fhir: FhirClient;
  replica: MemoryReplicaStore;
  engine: SyncEngine;
  /** A server-side view through this device's session, without faults. */
  server: FhirClient;
  record(resourceType: string, id: string): Promise<StoredResource | undefined>;
}

/** One signed-in device: its client, replica and engine, with faults injectable on its network. */
export async function device(
  baseUrl: string,
  email: string,
  profileId: string,
  options: Partial<SyncEngineOptions> & { inner?: FetchLike; seedRandom?: number } = {}
): Promise<Device> {
  const { inner, seedRandom, ...engineOptions } = options;
  const clock = new ManualClock(Date.now());
  const faults = new ScriptedFaults(inner);
  const client = new ApiClient({ baseUrl, clientId: 'carequeue-web', fetch: faults.fetch, clock });
  await signIn(client, email);
  const fhir = new FhirClient({ client, clock });
  const plain = new ApiClient({ baseUrl, clientId: 'carequeue-web', fetch: inner, clock });
  await signIn(plain, email);
  const server = new FhirClient({ client: plain, clock });
  const replica = new MemoryReplicaStore();
  let random = seedRandom ?? 0.5;
  const engine = new SyncEngine({
    client,
    fhir,
    replica,
    clock,
    random: () => (random = (random * 9301 + 0.49297) % 1),
    profile: { reference: `Practitioner/${profileId}` },
    allTasksCap: 200,
    ...engineOptions,
  });
  return {
    clock,
    faults,
    client,
    fhir,
    replica,
    engine,
    server,
    record: (resourceType, id) => replica.transaction((tx) => tx.getResource(resourceKey(resourceType, id))),
  };
}

/** A task the server has that nobody owns and that is not completed. */
/**
 * From now on the device sees a server without type history, as a real Medplum server is: its
 * CapabilityStatement offers none and Type/_history fails, so the device's deltas come by
 * _lastUpdated searches and its deletes by reconciling ids.
 */
export async function hideTypeHistory(target: Device): Promise<void> {
  const statement = await target.server.capabilities({ noCache: true });
  const withoutHistory: CapabilityStatement = {
    ...statement,
    rest: statement.rest?.map((rest) => ({
      ...rest,
      resource: rest.resource?.map((r) => ({
        ...r,
        interaction: r.interaction?.filter((i) => i.code !== 'history-type'),
      })),
    })),
  };
  target.faults.inject('GET', /\/metadata$/, () => Response.json(withoutHistory), Infinity);
  // Type history is switched off, not only unadvertised: a request for it fails as on such a server.
  const noTypeHistory = {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'not-supported', details: { text: 'Type history is not supported' } }],
  };
  target.faults.inject(
    'GET',
    /\/fhir\/R4\/[A-Za-z]+\/_history(\?|$)/,
    () => Response.json(noTypeHistory, { status: 400 }),
    Infinity
  );
  // The same answers where the requests travel in a batch Bundle.
  target.faults.inject(
    'POST',
    /\/fhir\/R4\/$/,
    async (url, init) => {
      const answer = (await (await globalThis.fetch(url, init)).json()) as Bundle;
      const requests = (JSON.parse(String(init.body)) as Bundle).entry ?? [];
      const entry = answer.entry?.map((item, index): BundleEntry => {
        const requested = requests[index]?.request?.url ?? '';
        if (requested === 'metadata') return { ...item, resource: withoutHistory };
        if (/^[A-Za-z]+\/_history(\?|$)/.test(requested)) {
          return { response: { status: '400', outcome: noTypeHistory as OperationOutcome } };
        }
        return item;
      });
      return Response.json({ ...answer, entry });
    },
    Infinity
  );
}

export async function unownedTask(server: FhirClient, offset = 0): Promise<Task> {
  const bundle = await server.search(
    'Task',
    { 'owner:missing': 'true', 'status:not': 'completed', _count: 1, _offset: offset, _sort: '_id' },
    { noCache: true }
  );
  const task = bundle.entry?.[0]?.resource as Task | undefined;
  if (!task) throw new Error('The seed has no unowned open task');
  return task;
}

/** The doctor's device holding a fresh unowned task (the one at `offset` of the server's). */
export async function doctorHoldingTask(
  baseUrl: string,
  offset: number
): Promise<{ doctor: Device; task: Task }> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
  const task = await unownedTask(doctor.server, offset);
  await hold(doctor, task);
  return { doctor, task };
}

export function notesOf(resource: Resource | undefined): string[] {
  return ((resource as Task | undefined)?.note ?? []).map((note) => note.text ?? '');
}

/** Puts a server version into the device's replica as if pulled (faster than a full first sync). */
export async function hold(target: Device, resource: Resource): Promise<void> {
  await target.replica.transaction((tx) => acceptServerVersion(tx, resource));
}

/**
 * The doctor and the nurse on devices of their own, both holding the same unowned task (the
 * `offset`th) at the same version: the start of every two-user conflict.
 */
export async function pairHolding(
  baseUrl: string,
  offset: number
): Promise<{ doctor: Device; nurse: Device; task: Task }> {
  const doctor = await device(baseUrl, 'doctor@example.com', ALICE_SMITH_ID);
  const nurse = await device(baseUrl, 'nurse@example.com', BOB_JONES_ID);
  const task = await unownedTask(doctor.server, offset);
  await hold(doctor, task);
  await hold(nurse, task);
  return { doctor, nurse, task };
}
