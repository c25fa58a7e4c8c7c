import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A page whose code is fetched when first needed, and `preload` to fetch it ahead (the router calls
 * it for a route's component before drawing the route).
 */
export type LazyPage<Props extends object> = ((props: Props) => ReactNode) & { preload: () => Promise<void> };

/** Draws `children`, with a loader in their place while their code is being fetched. */
export function PageLoading({ children }: { children: ReactNode }) {
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

/**
 * A page whose code comes with the route that draws it: a loader shows while it is fetched, and a
 * page fetched ahead (`preload`) is drawn at once. A failed fetch is the page's error, shown in
 * place: the app never reloads itself over it.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  const fetch = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Fetched = lazy(async () => ({ default: await fetch() }));
  function Page(props: Props) {
    // Chosen once per page shown: swapping the component would draw the page again from scratch.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? (Fetched as ComponentType<Props>));
    return (
      <PageLoading>
        <Shown {...props} />
      </PageLoading>
    );
  }
  return Object.assign(Page, { preload: () => fetch().then(() => undefined) });
}
