import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import { createNodeFakeServer, type NodeFakeServer } from '@mocks/node';
import { signInByApi, type ApiSession } from '@tests/fixtures/api-sign-in';
import { serverRecords } from '@/db/derive';
import type { StoredResource } from '@/db/types';
import type { SearchOutcome } from '@/fhir/search';
import { searchParameterQuery } from '../definitions';
import { createLocalQueryEngine, type LocalQueryEngine } from '../engine';

/** What two answers to a search must share: matches in order, the total, and what was included. */
export interface Answer {
  ids: string[];
  total: number | undefined;
  included: string[];
}

const keyOf = (r: Resource): string => `${r.resourceType}/${r.id ?? ''}`;

/** The fake server in Vitest, listening; close it in afterAll. */
export function startFakeServer(options?: Parameters<typeof createNodeFakeServer>[0]): NodeFakeServer {
  const node = createNodeFakeServer(options);
  node.server.listen({ onUnhandledRequest: 'error' });
  return node;
}

export function signIn(node: NodeFakeServer, email: string): Promise<ApiSession> {
  return signInByApi(node.baseUrl, email);
}

async function bundle(session: ApiSession, path: string): Promise<Bundle> {
  const response = await session.fetch(`fhir/R4/${path}`);
  const body = (await response.json()) as Bundle;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The server's answer to a search. */
export async function serverAnswer(
  session: ApiSession,
  resourceType: string,
  params: URLSearchParams
): Promise<Answer> {
  const found = await bundle(session, `${resourceType}?${params.toString()}`);
  const entries = found.entry ?? [];
  const of = (mode: string): string[] =>
    entries.flatMap((e) => (e.search?.mode === mode && e.resource ? [keyOf(e.resource)] : []));
  return { ids: of('match'), total: found.total, included: of('include') };
}

export function localAnswer(result: SearchOutcome): Answer {
  return { ids: result.resources.map(keyOf), total: result.total, included: result.included.map(keyOf) };
}

/** Every resource of a type, in the server's own order (no _sort), a thousand per page. */
export async function fetchAll(session: ApiSession, resourceType: string): Promise<Resource[]> {
  const all: Resource[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await bundle(session, `${resourceType}?_count=1000&_offset=${offset}`);
    all.push(...(page.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : [])));
    if (offset + 1000 >= (page.total ?? 0)) return all;
  }
}

/** The SearchParameter resources the queues need, fetched as the sync engine does. */
export async function fetchDefinitions(session: ApiSession): Promise<SearchParameter[]> {
  const found = await bundle(session, `SearchParameter?${searchParameterQuery().toString()}`);
  return (found.entry ?? []).flatMap((e) =>
    e.resource?.resourceType === 'SearchParameter' ? [e.resource] : []
  );
}

/**
 * Replica records of server resources with their queue fields, derived as the replica derives them
 * (patientState from the patients among the same resources).
 */
export function toStoredRecords(resources: readonly Resource[]): StoredResource[] {
  return serverRecords(resources);
}

/** A user's view of the fake server: the session and its project's Tasks and Patients, in the server's order. */
export interface UserView {
  session: ApiSession;
  resources: Resource[];
}

export async function userView(node: NodeFakeServer, email: string): Promise<UserView> {
  const session = await signIn(node, email);
  return {
    session,
    resources: [...(await fetchAll(session, 'Task')), ...(await fetchAll(session, 'Patient'))],
  };
}

/** The fixture of the parity tests: the fake server, one user's view, and the engine built from the served definitions. */
export interface ParityWorld extends UserView {
  node: NodeFakeServer;
  definitions: SearchParameter[];
  engine: LocalQueryEngine;
}

/**
 * Starts the fake server (`prepare` may load data before anyone signs in), signs `email` in, and
 * builds the local query engine from the SearchParameters the server serves. Close `node.server`.
 */
export async function parityWorld(
  email: string,
  prepare?: (node: NodeFakeServer) => void
): Promise<ParityWorld> {
  const node = startFakeServer();
  prepare?.(node);
  const view = await userView(node, email);
  const definitions = await fetchDefinitions(view.session);
  return { node, ...view, definitions, engine: createLocalQueryEngine({ definitions }) };
}
