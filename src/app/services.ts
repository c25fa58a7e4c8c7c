import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { SessionState } from '@/sync';
import type { AppServices } from './app-services';

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
