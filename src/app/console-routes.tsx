import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';

/**
 * The console's pages, loaded on first visit: the task routes never download them (nor what only
 * they use). A tab name is checked by the page itself, so this file stays free of console code.
 */
const ResourceListPage = lazy(() =>
  import('../features/console').then((module) => ({ default: module.ResourceListPage }))
);
const ResourcePage = lazy(() =>
  import('../features/console').then((module) => ({ default: module.ResourcePage }))
);
const ResourceVersionPage = lazy(() =>
  import('../features/console').then((module) => ({ default: module.ResourceVersionPage }))
);

const ResourceEditPage = lazy(() =>
  import('../features/console').then((module) => ({ default: module.ResourceEditPage }))
);
const ResourceNewPage = lazy(() =>
  import('../features/console').then((module) => ({ default: module.ResourceNewPage }))
);
const ResourceDeletePage = lazy(() =>
  import('../features/console').then((module) => ({ default: module.ResourceDeletePage }))
);
const ResourceDiffPage = lazy(() =>
  import('../features/console').then((module) => ({ default: module.ResourceDiffPage }))
);

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

/** The first tab of a resource page: DiagnosticReport opens on its report. */
export function defaultConsoleTab(resourceType: string): string {
  return resourceType === 'DiagnosticReport' ? 'report' : 'details';
}

export function ConsoleListRoute({ resourceType }: { resourceType: string }) {
  return (
    <Loading>
      <ResourceListPage resourceType={resourceType} />
    </Loading>
  );
}

export function ConsoleResourceRoute(props: { resourceType: string; id: string; tab: string }) {
  return (
    <Loading>
      <ResourcePage {...props} />
    </Loading>
  );
}

export function ConsoleVersionRoute(props: { resourceType: string; id: string; versionId: string }) {
  return (
    <Loading>
      <ResourceVersionPage {...props} />
    </Loading>
  );
}

export function ConsoleNewRoute({ resourceType }: { resourceType: string }) {
  return (
    <Loading>
      <ResourceNewPage resourceType={resourceType} />
    </Loading>
  );
}

export function ConsoleEditRoute(props: { resourceType: string; id: string }) {
  return (
    <Loading>
      <ResourceEditPage {...props} />
    </Loading>
  );
}

export function ConsoleDeleteRoute(props: { resourceType: string; id: string }) {
  return (
    <Loading>
      <ResourceDeletePage {...props} />
    </Loading>
  );
}

export function ConsoleDiffRoute(props: { resourceType: string; id: string; versionId: string }) {
  return (
    <Loading>
      <ResourceDiffPage {...props} />
    </Loading>
  );
}
