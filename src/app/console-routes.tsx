import type { Resource } from '@medplum/fhirtypes';
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { PageLoading } from './pages/lazy-page';

/**
 * The console's pages, loaded on first visit: the task routes never download them (nor what only
 * they use). Which tabs a resource page has, and which it opens on, is the console's to say: this file
 * asks it through the same import, so it stays free of console code.
 */
const ResourceListPage = lazy(() =>
  import('@/features/console').then((module) => ({ default: module.ResourceListPage }))
);
const ResourcePage = lazy(() =>
  import('@/features/console').then((module) => ({ default: module.ResourcePage }))
);
const ResourceVersionPage = lazy(() =>
  import('@/features/console').then((module) => ({ default: module.ResourceVersionPage }))
);

/** The tab a resource page opens on, from the console's tab table (loading the code its page needs). */
export async function firstConsoleTab(resourceType: string): Promise<string> {
  return (await import('@/features/console')).firstResourceTab(resourceType);
}

export function ConsoleListRoute({ resourceType }: { resourceType: string }) {
  return (
    <PageLoading>
      <ResourceListPage resourceType={resourceType} />
    </PageLoading>
  );
}

export function ConsoleResourceRoute(props: { resourceType: string; id: string; tab: string }) {
  return (
    <PageLoading>
      <ResourcePage {...props} />
    </PageLoading>
  );
}

export function ConsoleVersionRoute(props: { resourceType: string; id: string; versionId: string }) {
  return (
    <PageLoading>
      <ResourceVersionPage {...props} />
    </PageLoading>
  );
}

type ConsoleModule = typeof import('@/features/console');
type ConsolePageName =
  | 'ResourceNewPage'
  | 'ResourceEditPage'
  | 'ResourceDeletePage'
  | 'ResourceDiffPage'
  | 'ResourceTimeline';

/**
 * A console page, loaded on first visit, behind the loader: from the console's module, or from a
 * smaller entry point of it when that holds the page.
 */
function consolePage<Name extends ConsolePageName>(
  name: Name,
  load: () => Promise<Pick<ConsoleModule, Name>> = () => import('@/features/console')
) {
  type Props = ComponentProps<ConsoleModule[Name]>;
  // Typed by the caller's Props; TypeScript cannot check a spread of a generic component's props.
  const Page = lazy(async () => ({
    default: (await load())[name] as ComponentType<object>,
  }));
  return function ConsolePage(props: Props) {
    return (
      <PageLoading>
        <Page {...(props as object)} />
      </PageLoading>
    );
  };
}

export const ConsoleNewRoute = consolePage('ResourceNewPage');
export const ConsoleEditRoute = consolePage('ResourceEditPage');
export const ConsoleDeleteRoute = consolePage('ResourceDeletePage');
export const ConsoleDiffRoute = consolePage('ResourceDiffPage');
/** The console's timeline of a resource (comments, uploads, cards), for the task detail's Timeline tab. */
export const ConsoleTimeline = consolePage(
  'ResourceTimeline',
  () => import('@/features/console/task-page-parts')
);

const FillQuestionnaireAction = lazy(() =>
  import('@/features/console/task-page-parts').then((module) => ({
    default: module.FillQuestionnaireAction,
  }))
);

/** The console's 'Fill questionnaire' button, for the task detail; nothing while its code loads. */
export function ConsoleFillQuestionnaire(props: { resource: Resource }) {
  return (
    <Suspense fallback={null}>
      <FillQuestionnaireAction {...props} />
    </Suspense>
  );
}
