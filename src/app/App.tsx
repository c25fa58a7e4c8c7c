import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ReplicaLifecycleNotice, ReplicaProvider } from '@/ui';
import { AppProviders } from './Providers';
import { UpdateNotice } from './pwa';
import './touch-targets.css';
import { createAppRouter } from './router';
import type { AppServices } from './app-services';
import { profileName } from './profile-name';
import { ServicesContext } from './services';

interface AppProps {
  services: AppServices;
  /** Tests pass a memory history; the browser uses its own. */
  history?: RouterHistory;
}

/** The whole app once the client is ready. */
export function App({ services, history }: AppProps) {
  const [router] = useState(() => createAppRouter(services.client, history));

  // The device's account list names whoever signed in to this account.
  useEffect(() => {
    const { client, accounts } = services;
    if (!accounts) return undefined;
    const remember = () => {
      const state = client.session.getState();
      if (state.status === 'ready') accounts.signedIn(profileName(state), state.details.project.name);
    };
    remember();
    return client.session.subscribe(remember);
  }, [services]);

  useEffect(
    () =>
      services.client.onUnauthenticated(() => {
        void router.navigate({ to: '/' });
      }),
    [services.client, router]
  );

  return (
    <AppProviders>
      <ServicesContext.Provider value={services}>
        <ReplicaProvider
          reader={services.replica.reader}
          service={services.replica.service}
          client={services.client}
          config={services.replica.syncConfig}
          changes={services.replica.changes}
        >
          <RouterProvider router={router} />
          <UpdateNotice />
          <ReplicaLifecycleNotice lifecycle={services.replica.lifecycle} />
        </ReplicaProvider>
      </ServicesContext.Provider>
    </AppProviders>
  );
}
