import { MantineProvider } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
} from '@tanstack/react-router';
import { listSearchParameters } from '@mocks/engine/search';
import { serverRecord } from '@/db/derive';
import type { ApiClient } from '@/sync/client';
import { NetworkError } from '@/sync/http/errors';
import { createRecordReader, SEARCH_PARAMETERS_META_KEY } from '@/sync/local-query';
import type { SyncServiceApi } from '@/sync/service/types';
import { ReplicaProvider, type ReplicaReader } from '@/ui';
import { ResourceListPage } from '../list/ResourceListPage';
import { ResourcePage } from '../resource/ResourcePage';
import { ResourceVersionPage } from '../resource/ResourceVersionPage';

/** The path parameters of this test router (the app's route types are registered, not these). */
function useTestParams(): { resourceType: string; id: string; tab: string; versionId: string } {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  return {
    resourceType: params.resourceType ?? '',
    id: params.id ?? '',
    tab: params.tab ?? '',
    versionId: params.versionId ?? '',
  };
}

/** What the fake server answers: by path after the FHIR base ('Observation?_id=a'), or undefined → 404. */
export type ServerAnswers = (path: string) => unknown;

/**
 * The console's pages at `path` over a replica holding `held` (with search definitions for `heldTypes`)
 * and a fake server; `requests` collects the server paths asked for.
 */
export function renderConsole(
  path: string,
  options: { held?: Resource[]; heldTypes?: string[]; server?: ServerAnswers; online?: boolean } = {}
) {
  const records = (options.held ?? []).map(serverRecord);
  const search = createRecordReader(records);
  const bases = ['Resource', 'DomainResource', ...(options.heldTypes ?? [])];
  const meta = new Map<string, unknown>([
    [
      SEARCH_PARAMETERS_META_KEY,
      {
        fetchedAt: '2024-01-01T00:00:00Z',
        bases,
        parameters: listSearchParameters().filter((sp) => sp.base?.some((base) => bases.includes(base))),
      },
    ],
  ]);
  const reader: ReplicaReader = {
    record: async (key) => records.find((record) => record.key === key),
    recordsOfType: async (type) => records.filter((record) => record.resourceType === type),
    outbox: async () => [],
    outboxOf: async () => [],
    conflicts: async () => [],
    counts: async () => ({ pending: 0, blocked: 0, conflicts: 0, failed: 0 }),
    async meta<T>(key: string) {
      return meta.get(key) as T | undefined;
    },
    search,
  };
  const requests: string[] = [];
  const base = 'http://test/fhir/R4/';
  // Only what ReplicaProvider and FhirClient use of the client: the session and one request call.
  const client = {
    fhirBaseUrl: base,
    fhirUrl: (...segments: string[]) => base + segments.map(encodeURIComponent).join('/'),
    session: { getState: () => ({ status: 'none' }), subscribe: () => () => undefined },
    async requestResponse(_method: string, url: string) {
      const relative = decodeURIComponent(url.slice(base.length));
      requests.push(relative);
      if (options.online === false) throw new NetworkError();
      const body = options.server?.(relative);
      return new Response(JSON.stringify(body ?? { resourceType: 'OperationOutcome' }), {
        status: body === undefined ? 404 : 200,
        headers: { 'Content-Type': 'application/fhir+json' },
      });
    },
  } as unknown as ApiClient;
  const service = { status: async () => ({}), subscribe: async () => 1, unsubscribe: async () => undefined };

  const root = createRootRoute({ component: Outlet });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/$resourceType',
    component: function List() {
      return <ResourceListPage resourceType={useTestParams().resourceType} />;
    },
  });
  const tab = createRoute({
    getParentRoute: () => root,
    path: '/$resourceType/$id/$tab',
    component: function Tab() {
      const { resourceType, id, tab } = useTestParams();
      return <ResourcePage resourceType={resourceType} id={id} tab={tab} />;
    },
  });
  const version = createRoute({
    getParentRoute: () => root,
    path: '/$resourceType/$id/_history/$versionId',
    component: function Version() {
      const { resourceType, id, versionId } = useTestParams();
      return <ResourceVersionPage resourceType={resourceType} id={id} versionId={versionId} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([list, tab, version]),
    history: createMemoryHistory({ initialEntries: [path] }),
    // Query values as plain text, as the app's router keeps them.
    parseSearch: (searchStr) => Object.fromEntries(new URLSearchParams(searchStr)),
    stringifySearch: (values) => {
      const query = new URLSearchParams(values as Record<string, string>).toString();
      return query ? `?${query}` : '';
    },
  });
  return {
    router,
    requests,
    element: (
      <MantineProvider env="test">
        <ReplicaProvider
          reader={reader}
          service={service as unknown as SyncServiceApi}
          client={client}
          config={{ baseUrl: 'http://test/', clientId: 'test' }}
          changes={() => () => undefined}
        >
          <RouterProvider router={router} />
        </ReplicaProvider>
      </MantineProvider>
    ),
  };
}
