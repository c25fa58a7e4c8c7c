export { App } from './App';
export { AppProviders } from './Providers';
export { FullScreenLoader } from './FullScreenLoader';
export { StartupError } from './StartupError';
export { startServices } from './start';
export type { AppServices, ReplicaServices } from './app-services';
export { DeviceAccounts, type DeviceAccount } from './accounts';
