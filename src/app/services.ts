import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { ApiClient, RuntimeConfig, SessionState } from '../sync';
import type { ReplicaServices } from './start';

/** What the app is built from: the runtime config, the client made from it, the replica and sync service. */
export interface AppServices {
  config: RuntimeConfig;
  client: ApiClient;
  replica: ReplicaServices;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) {
    throw new Error('useServices needs a ServicesContext provider');
  }
  return services;
}

/** The login state, re-rendering when it changes. */
export function useSession(): SessionState {
  const { client } = useServices();
  const subscribe = useCallback((onChange: () => void) => client.session.subscribe(onChange), [client]);
  const snapshot = useCallback(() => client.session.getState(), [client]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
