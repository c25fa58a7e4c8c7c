import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Practitioner, Resource, SearchParameter } from '@medplum/fhirtypes';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render as renderDom } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createFakeServer, type FakeServer } from '@mocks/server';
import type { SeedData } from '@mocks/seed';
import { MemoryReplicaStore } from '@/db/memory-replica';
import { resourceKey, type StoredResource } from '@/db/types';
import { ApiClient, MemoryStorage } from '@/sync';
import { acceptServerVersion } from '@/sync/engine/record';
import { signIn } from '@/sync/engine/testing/harness';
import { FhirClient } from '@/sync/fhir/fhir-client';
import {
  readSearchParameters,
  searchParameterQuery,
  writeSearchParameters,
} from '@/sync/local-query/definitions';
import type { FetchLike } from '@/sync/platform';
import { SyncService } from '@/sync/service';
import type { SyncServiceApi, SyncServiceConfig } from '@/sync/service/types';
import type { LocalChange } from '@/sync/engine/types';
import type { ReplicaChanges, ReplicaProviderProps } from '../ReplicaProvider';
import { ReplicaProvider } from '../ReplicaProvider';
import { storeReader } from '../replica/memory-reader';
import { parseUrlSearch, stringifyUrlSearch } from '../list/url-search';

/** The one Task fixture builder, for screens' tests that need a task beside what they show. */
export { task as taskFixture } from '@/db/testing/fixtures';

const BASE_URL = 'http://harness.test/';
const PROJECT = 'clinic';

/** The signed-in user of the harness and the other user whose server changes make conflicts. */
export const ME = 'Practitioner/me';
export const OTHER = 'Practitioner/bob';

const person = (id: string, given: string, family: string): Practitioner => ({
  resourceType: 'Practitioner',
  id,
  name: [{ given: [given], family }],
});

const seed: SeedData = {
  projects: [{ id: PROJECT, name: 'Harness Clinic' }],
  users: [
    {
      id: 'user-me',
      email: 'alice@harness.test',
      password: 'password',
      firstName: 'Alice',
      lastName: 'Smith',
      // ME administers the project, as the users of the upload pages do.
      memberships: [{ id: 'm-me', projectId: PROJECT, profile: { reference: ME }, admin: true }],
    },
    {
      id: 'user-bob',
      email: 'bob@harness.test',
      password: 'password',
      firstName: 'Bob',
      lastName: 'Jones',
      memberships: [{ id: 'm-bob', projectId: PROJECT, profile: { reference: OTHER } }],
    },
  ],
  resources: [
    { projectId: PROJECT, resource: person('me', 'Alice', 'Smith') },
    { projectId: PROJECT, resource: person('bob', 'Bob', 'Jones') },
  ],
};

/** An answer the test gives in the server's place to a read of the page, by path after the FHIR base. */
export type PageAnswers = (path: string) => unknown;

/** A fetch straight into the fake server (no network), with a switch that takes it offline. */
function serverFetch(
  fake: FakeServer,
  network: { online: boolean },
  heard?: string[],
  answer?: (url: string) => unknown
): FetchLike {
  return async (url, init) => {
    if (!network.online) throw new TypeError('Failed to fetch');
    heard?.push(url);
    const given = answer?.(url);
    if (given !== undefined) {
      return new Response(JSON.stringify(given), {
        status: 200,
        headers: { 'Content-Type': 'application/fhir+json' },
      });
    }
    return (
      (await fake.handle(new Request(url, init))) ??
      new Response(JSON.stringify({ resourceType: 'OperationOutcome' }), { status: 404 })
    );
  };
}

export interface ReplicaHarness {
  /** Where the fake server answers (its control paths too: `${baseUrl}$fake/clock`). */
  baseUrl: string;
  /** The project ME works in; it holds only the two users' Practitioners at the start. */
  projectId: string;
  /** The server as ME sees it, through the page's own client. */
  fhir: FhirClient;
  /** The fake FHIR server; `fake.clock` is the server's clock (advance it to move server time). */
  fake: FakeServer;
  replica: MemoryReplicaStore;
  /** The real sync service, in the page, signed in as ME, its first load done. */
  service: SyncService;
  /** The changes the screens handed to the service, in order (whatever became of them). */
  applied: LocalChange[];
  /** What ReplicaProvider takes, without children. */
  props: Omit<ReplicaProviderProps, 'children'>;
  /** The FHIR requests the page itself made (not the sync engine's), relative to the FHIR base. */
  pageRequests: string[];
  /**
   * From now on the page's own server reads (not the engine's) whose path `answers` knows get that
   * body; the others go to the fake server. For histories and searches a test wants exactly so.
   */
  answerPage(answers: PageAnswers): void;
  /** Makes the replica hold these types: the engine follows them and their search definitions. */
  follow(...resourceTypes: string[]): Promise<void>;
  /**
   * Takes the page and the engine off the network (requests fail as 'Failed to fetch'), or back on,
   * with the browser's online or offline event: back online, what waits is sent at once, whatever
   * its back-off said.
   */
  setOnline(online: boolean): void;
  /** The server as the other user sees it: changes made through it are another user's. */
  other: FhirClient;
  /** Stores resources on the server as they are (ids kept), without the replica hearing of it. */
  serve(...resources: Resource[]): Promise<Resource[]>;
  /**
   * Stores resources on the server and the server's versions in the replica, as a pull would; a
   * resource's own meta (a dated version) wins over the server's stamp in the replica.
   */
  hold(...resources: Resource[]): Promise<void>;
  /** Reads resources the server has ('Practitioner/bob') into the replica, as a pull would. */
  pull(...references: string[]): Promise<void>;
  /**
   * The replica holds `resource`; the server holds it without `field`, at the same version. A change
   * that replaces the field is then refused by the server with its own words (a 400 for a JSON Patch
   * that does not apply), and the engine marks it failed.
   */
  holdWithoutOnServer(resource: Resource, field: string): Promise<void>;
  /** The engine pushes what waits and pulls: the run a background sync would make. */
  syncNow(): Promise<void>;
  record(resourceType: string, id: string): Promise<StoredResource | undefined>;
  /** The user's view of a resource in the replica. */
  resource<T extends Resource>(resourceType: string, id: string): Promise<T | undefined>;
  /** Renders `children` at `path` (any path but /Task) with Mantine, notifications and a memory router. */
  render(children: ReactNode, path?: string): ReturnType<typeof renderDom> & { router: TestRouter };
  /** Stops the engine's background runs and the server's bots. */
  stop(): void;
}

type TestRouter = ReturnType<typeof testRouter>;

/** '/Task' is the task list a screen may go back to; every other path shows the screen under test. */
function testRouter(children: ReactNode, path: string) {
  const root = createRootRoute({ component: Outlet });
  const tasks = createRoute({ getParentRoute: () => root, path: '/Task', component: () => <p>Task list</p> });
  const screen = createRoute({ getParentRoute: () => root, path: '/$', component: () => <>{children}</> });
  return createRouter({
    routeTree: root.addChildren([tasks, screen]),
    history: createMemoryHistory({ initialEntries: [path] }),
    // Query values as plain text, as the app's router keeps them.
    parseSearch: parseUrlSearch,
    stringifySearch: stringifyUrlSearch,
  });
}

/**
 * One harness for React tests over the real replica and sync engine: a MemoryReplicaStore, the
 * in-page SyncService talking to a fake FHIR server (signed in as ME, first load done), and the
 * ReplicaProvider props. A change is 'synced' when syncNow pushes it; a conflict is `other`
 * changing the resource before that push; a failure is the server refusing the change.
 */
export async function replicaHarness(): Promise<ReplicaHarness> {
  const fake = createFakeServer({ seed });
  const network = { online: true };
  const heard: string[] = [];
  const storage = new MemoryStorage();
  let pageAnswers: PageAnswers | undefined;
  let fhirBase = '';
  const relative = (url: string) => decodeURIComponent(url.slice(fhirBase.length));
  const answerPage = (url: string) =>
    fhirBase && url.startsWith(fhirBase) ? pageAnswers?.(relative(url)) : undefined;
  const client = new ApiClient({
    baseUrl: BASE_URL,
    clientId: 'carequeue-web',
    storage,
    fetch: serverFetch(fake, network, heard, answerPage),
    retryDelayMs: 0,
  });
  await client.initialize();
  await signIn(client, 'alice@harness.test');
  heard.length = 0;
  const otherClient = new ApiClient({
    baseUrl: BASE_URL,
    clientId: 'carequeue-web',
    storage: new MemoryStorage(),
    fetch: serverFetch(fake, { online: true }),
    retryDelayMs: 0,
  });
  await signIn(otherClient, 'bob@harness.test');
  const other = new FhirClient({ client: otherClient });

  const replica = new MemoryReplicaStore();
  // The browser's online and offline events: the connection coming back sends what waits at once.
  const onlineListeners = new Set<(online: boolean) => void>();
  const service = new SyncService({
    replica,
    storage,
    fetch: serverFetch(fake, network),
    onlineSignal: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
  });
  // Background runs an hour apart: within a test the engine runs only when the test says so.
  const config: SyncServiceConfig = {
    baseUrl: BASE_URL,
    clientId: 'carequeue-web',
    retryDelayMs: 0,
    intervalMs: 3_600_000,
  };
  await service.start(config);
  await service.syncNow();

  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  await service.subscribe(changed);
  const changes: ReplicaChanges = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  fhirBase = client.fhirUrl();
  const accept = async (resources: Resource[]): Promise<void> => {
    await replica.transaction(async (tx) => {
      for (const resource of resources) await acceptServerVersion(tx, resource);
    });
    await act(async () => changed());
  };
  const serve = async (...resources: Resource[]): Promise<Resource[]> => {
    fake.engine.load({
      projects: [],
      resources: resources.map((resource) => ({ projectId: PROJECT, resource })),
    });
    return Promise.all(
      resources.map((resource) => other.read(resource.resourceType, resource.id ?? '', { noCache: true }))
    );
  };

  const applied: LocalChange[] = [];
  // The real service, remembering each change the page hands it.
  // Every other call goes straight to the service.
  const recording = new Proxy(service, {
    get(target, name, receiver) {
      if (name === 'applyChange') {
        return (change: LocalChange) => {
          applied.push(change);
          return target.applyChange(change);
        };
      }
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as SyncServiceApi;
  const props: ReplicaHarness['props'] = {
    reader: storeReader(replica),
    service: recording,
    client,
    config,
    changes,
  };
  return {
    baseUrl: BASE_URL,
    projectId: PROJECT,
    fhir: new FhirClient({ client }),
    fake,
    replica,
    service,
    applied,
    props,
    get pageRequests() {
      return heard.filter((url) => url.startsWith(fhirBase)).map(relative);
    },
    answerPage(answers) {
      pageAnswers = answers;
    },
    async follow(...resourceTypes) {
      const held = await replica.transaction((tx) => readSearchParameters(tx));
      const bases = [...new Set([...(held?.bases ?? []), ...resourceTypes])];
      const found = await other.searchAll('SearchParameter', searchParameterQuery(bases), {
        noCache: true,
      });
      await replica.transaction((tx) =>
        writeSearchParameters(tx, found as SearchParameter[], {
          fetchedAt: new Date(fake.clock.now()).toISOString(),
          bases,
        })
      );
      await act(async () => changed());
    },
    setOnline(online) {
      network.online = online;
      onlineListeners.forEach((listener) => listener(online));
    },
    other,
    serve,
    async hold(...resources) {
      const served = await serve(...resources);
      await accept(
        served.map((resource, i) => ({ ...resource, meta: { ...resource.meta, ...resources[i]?.meta } }))
      );
    },
    async pull(...references) {
      const read = references.map((reference) => {
        const [type = '', id = ''] = reference.split('/');
        return other.read(type, id, { noCache: true });
      });
      await accept(await Promise.all(read));
    },
    async holdWithoutOnServer(resource, field) {
      const onServer: Record<string, unknown> = { ...resource };
      delete onServer[field];
      const [served] = await serve(onServer as unknown as Resource);
      if (!served) throw new Error(`The server did not store ${resource.resourceType}/${resource.id ?? ''}`);
      await accept([{ ...resource, meta: served.meta }]);
    },
    async syncNow() {
      await act(async () => {
        await service.syncNow();
      });
    },
    record: (resourceType, id) => replica.transaction((tx) => tx.getResource(resourceKey(resourceType, id))),
    async resource<T extends Resource>(resourceType: string, id: string) {
      const record = await replica.transaction((tx) => tx.getResource(resourceKey(resourceType, id)));
      return record?.resource as T | undefined;
    },
    render(children, path = '/screen') {
      const router = testRouter(children, path);
      const result = renderDom(
        <MantineProvider env="test">
          <Notifications />
          <ReplicaProvider {...props}>
            <RouterProvider router={router} />
          </ReplicaProvider>
        </MantineProvider>
      );
      return { ...result, router };
    },
    stop() {
      service.stop();
      fake.bots.dispose();
    },
  };
}
