import type { Bundle, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { FhirEngine, FhirEngineOptions } from './engine';
import { createFhirEngine } from './engine';
import type { RequestContext } from './types';
import { ManualClock } from '@/fhir/testing/manual-clock';

export const PROJECT_ID = 'project-1';
export const OTHER_PROJECT_ID = 'project-2';
export const BASE = 'http://localhost/fhir/R4/';

export const aliceContext: RequestContext = {
  projectId: PROJECT_ID,
  profile: { reference: 'Practitioner/alice', display: 'Alice Smith' },
  login: 'login-1',
  clientId: 'client-1',
};

export interface Answer<T = Resource> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServer {
  engine: FhirEngine;
  clock: ManualClock;
  /** Sends a request below the base; a body object is sent as JSON, a string as is. */
  call<T = Resource>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    context?: RequestContext
  ): Promise<Answer<T>>;
}

export function testServer(options: FhirEngineOptions = {}): TestServer {
  const clock = new ManualClock();
  const engine = createFhirEngine({ clock, ...options });
  engine.load({
    projects: [
      { id: PROJECT_ID, name: 'Test project' },
      { id: OTHER_PROJECT_ID, name: 'Other project' },
    ],
    resources: [],
  });
  return {
    engine,
    clock,
    async call<T>(
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
      context: RequestContext = aliceContext
    ): Promise<Answer<T>> {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
        if (!hasType) (init.headers as Record<string, string>)['Content-Type'] = 'application/fhir+json';
      }
      clock.advance(1000);
      const response = await engine.handle(new Request(`${BASE}${path}`, init), context);
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : undefined) as T,
      };
    },
  };
}

/** The text of an OperationOutcome's first issue. */
/** A batch of GET entries, one per URL, sent as the caller. */
export function readBatch(
  server: TestServer,
  urls: string[],
  context?: RequestContext
): Promise<Answer<Bundle>> {
  const entry = urls.map((url) => ({ request: { method: 'GET' as const, url } }));
  return server.call<Bundle>('POST', '', { resourceType: 'Bundle', type: 'batch', entry }, {}, context);
}

export function issueText(outcome: unknown): string {
  return (outcome as OperationOutcome).issue?.[0]?.details?.text ?? '';
}

export function entryResources(bundle: unknown): Resource[] {
  return ((bundle as Bundle).entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

export function linkUrl(bundle: unknown, relation: string): string | undefined {
  return (bundle as Bundle).link?.find((link) => link.relation === relation)?.url;
}
