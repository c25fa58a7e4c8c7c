import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import type { ApiClient } from '../sync';
import { ErrorPage } from './pages/ErrorPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SignInRoute } from './pages/SignInRoute';
import { TasksPlaceholderPage } from './pages/TasksPlaceholderPage';
import { AppLayout } from './shell/AppLayout';

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
  component: SignInRoute,
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

const tasksRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/Task',
  component: TasksPlaceholderPage,
});

const routeTree = rootRoute.addChildren([landingRoute, signInRoute, signedInRoute.addChildren([tasksRoute])]);

export function createAppRouter(client: ApiClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { client },
    history,
    defaultPreload: false,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
