import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  useParams,
  type RouterHistory,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { ApiClient } from '@/sync';
import { ErrorPage } from './pages/ErrorPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { lazyPage } from './pages/lazy-page';
import { TaskListPage } from '@/features/tasks';
import { parseUrlSearch, stringifyUrlSearch, textSearch, type UrlSearch } from '@/ui';
import { AppLayout } from './shell/AppLayout';
import { PageError } from './shell/PageError';
import {
  ConsoleDeleteRoute,
  ConsoleDiffRoute,
  ConsoleEditRoute,
  ConsoleListRoute,
  ConsoleNewRoute,
  ConsoleResourceRoute,
  ConsoleVersionRoute,
  ConsoleTimeline,
  ConsoleFillQuestionnaire,
  firstConsoleTab,
} from './console-routes';

/**
 * Pages a signed-in queue does not draw come with the route that draws them: the sign-in and account
 * pages (only a signed-out visitor sees them), the task page with its tabs and forms (which a
 * queue fetches ahead once its rows are drawn), the upload pages, the console (./console-routes)
 * and the developer mailbox.
 */
const loadAccountPages = () => import('./pages/AccountRoutes');
const SignInRoute = lazyPage(async () => (await import('./pages/SignInRoute')).SignInRoute);
const RegisterRoute = lazyPage(async () => (await loadAccountPages()).RegisterRoute);
const ResetPasswordRoute = lazyPage(async () => (await loadAccountPages()).ResetPasswordRoute);
const SetPasswordRoute = lazyPage(async () => (await loadAccountPages()).SetPasswordRoute);
const DevMailboxPage = lazyPage(async () => (await import('./pages/DevMailboxPage')).DevMailboxPage);
const loadTaskPage = () => import('@/features/tasks/task-page');
const TaskDetailPage = lazyPage(async () => (await loadTaskPage()).TaskDetailPage);

export interface RouterContext {
  client: ApiClient;
}

/** Guards read the session at navigation time, so a sign-in that just finished counts at once. */
function isSignedIn(context: RouterContext): boolean {
  return context.client.session.getState().status !== 'none';
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    if (isSignedIn(context)) {
      throw redirect({ to: '/Task', replace: true });
    }
  },
  component: LandingPage,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: (search: Record<string, unknown>): { project?: string } =>
    typeof search.project === 'string' ? { project: search.project } : {},
  component: function SignIn() {
    const { project } = signInRoute.useSearch();
    return <SignInRoute project={project} />;
  },
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: RegisterRoute,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetpassword',
  component: ResetPasswordRoute,
});

/** The set-password link of a reset or invitation e-mail. */
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setpassword/$id/$secret',
  component: function SetPassword() {
    const { id, secret } = setPasswordRoute.useParams();
    return <SetPasswordRoute key={id} id={id} secret={secret} />;
  },
});

/** Every route below needs a signed-in user; visitors are sent to the site root. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context }) => {
    if (!isSignedIn(context)) {
      throw redirect({ to: '/', replace: true });
    }
  },
  component: AppLayout,
});

/**
 * A list's query (fields, sort, filters, page) as plain text values: 'performer=158965000' stays a
 * string, and a repeated parameter (two filters on one field) stays a list.
 */
type ListSearch = UrlSearch;

const tasksRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/Task',
  validateSearch: (search: Record<string, unknown>): ListSearch => textSearch(search),
  component: TaskListPage,
});

const taskRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/Task/$id',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/Task/$id/$tab', params: { id: params.id, tab: 'details' }, replace: true });
  },
});

const taskTabRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/Task/$id/$tab',
  // The tab is checked by the task page's own list of tabs, fetched here with the page's code.
  beforeLoad: async ({ params }) => {
    const [{ isTaskTab }] = await Promise.all([loadTaskPage(), TaskDetailPage.preload()]);
    if (!isTaskTab(params.tab)) {
      throw redirect({ to: '/Task/$id/$tab', params: { id: params.id, tab: 'details' }, replace: true });
    }
  },
  component: function TaskTabRoute() {
    const { id, tab } = taskTabRoute.useParams();
    return (
      <TaskDetailPage
        key={id}
        id={id}
        tab={tab}
        timeline={ConsoleTimeline}
        fillQuestionnaire={ConsoleFillQuestionnaire}
      />
    );
  },
});

/** The generic console: any other resource type, its code loaded only when visited. */
const consoleListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/$resourceType',
  validateSearch: (search: Record<string, unknown>): ListSearch => textSearch(search),
  component: function ConsoleList() {
    const { resourceType } = consoleListRoute.useParams();
    return <ConsoleListRoute key={resourceType} resourceType={resourceType} />;
  },
});

const consoleResourceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/$resourceType/$id',
  beforeLoad: async ({ params }) => {
    throw redirect({
      to: '/$resourceType/$id/$tab',
      params: { ...params, tab: await firstConsoleTab(params.resourceType) },
      replace: true,
    });
  },
});

const consoleTabRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/$resourceType/$id/$tab',
  component: function ConsoleTab() {
    const { resourceType, id, tab } = consoleTabRoute.useParams();
    return (
      <ConsoleResourceRoute key={`${resourceType}/${id}`} resourceType={resourceType} id={id} tab={tab} />
    );
  },
});

/** One version of a resource (/_history/{versionId}), or what it changed (/_history/{versionId}/diff). */
function versionRoute(
  suffix: '' | '/diff',
  Page: ComponentType<{ resourceType: string; id: string; versionId: string }>
) {
  const route = createRoute({
    getParentRoute: () => signedInRoute,
    path: `/$resourceType/$id/_history/$versionId${suffix}` as const,
    component: function ConsoleVersion() {
      const params = route.useParams() as { resourceType: string; id: string; versionId: string };
      return <Page {...params} />;
    },
  });
  return route;
}

const consoleVersionRoute = versionRoute('', ConsoleVersionRoute);
/** What a version changed from the one before it (the history table's Diff link). */
const consoleDiffRoute = versionRoute('/diff', ConsoleDiffRoute);

/** A new resource of a type: the list's New button. */
function ConsoleNew() {
  const { resourceType = '' } = useParams({ strict: false });
  return <ConsoleNewRoute key={resourceType} resourceType={resourceType} />;
}

const consoleNewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/$resourceType/new',
  component: ConsoleNew,
});

/** A page that acts on one resource, /{type}/{id}/edit or /{type}/{id}/delete. */
function resourceActionRoute<Action extends 'edit' | 'delete'>(
  action: Action,
  Page: typeof ConsoleEditRoute
) {
  const route = createRoute({
    getParentRoute: () => signedInRoute,
    path: `/$resourceType/$id/${action}` as const,
    component: function ConsoleResourceAction() {
      const { resourceType, id } = route.useParams() as { resourceType: string; id: string };
      return <Page key={`${resourceType}/${id}`} resourceType={resourceType} id={id} />;
    },
  });
  return route;
}

const consoleEditRoute = resourceActionRoute('edit', ConsoleEditRoute);
const consoleDeleteRoute = resourceActionRoute('delete', ConsoleDeleteRoute);

/** Dev mode only: the fake server's developer mailbox. */
const mailboxRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/mailbox',
  component: DevMailboxPage,
});

/** The upload pages, loaded only when visited. */
const UploadPage = lazyPage(async () => (await import('@/features/tasks/upload')).UploadPage);

const uploadRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/upload/$dataType',
  component: function UploadRoute() {
    const { dataType } = uploadRoute.useParams();
    return <UploadPage key={dataType} dataType={dataType} />;
  },
});

const routeTree = rootRoute.addChildren([
  landingRoute,
  signInRoute,
  registerRoute,
  resetPasswordRoute,
  setPasswordRoute,
  signedInRoute.addChildren([
    tasksRoute,
    taskRoute,
    taskTabRoute,
    uploadRoute,
    ...(import.meta.env.DEV ? [mailboxRoute] : []),
    consoleListRoute,
    consoleNewRoute,
    consoleResourceRoute,
    consoleEditRoute,
    consoleDeleteRoute,
    consoleTabRoute,
    consoleVersionRoute,
    consoleDiffRoute,
  ]),
]);

export function createAppRouter(client: ApiClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { client },
    history,
    defaultPreload: false,
    // A page that throws shows the error inside the shell; the next location clears it.
    defaultErrorComponent: PageError,
    parseSearch: parseUrlSearch,
    stringifySearch: stringifyUrlSearch,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
