import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, AppProviders, DeviceAccounts, FullScreenLoader, StartupError, startServices } from './app';
import { startServiceWorker, watchOutboxForBackgroundSync } from './app/pwa';
import { prepareDateFormats } from '@/ui';

async function startFakeServerInDev(): Promise<void> {
  if (import.meta.env.DEV && import.meta.env.VITE_MOCK_SERVER !== 'off') {
    // eslint-disable-next-line import-x/no-restricted-paths -- dev mode only: the fake server runs in the page
    const { startBrowserFakeServer } = await import('../mocks/browser');
    await startBrowserFakeServer();
  }
}

async function main(): Promise<void> {
  const element = document.getElementById('root');
  if (!element) {
    return;
  }
  // First, so the app shell is cached (and works offline next time) even if the start-up fails.
  startServiceWorker();
  const root = createRoot(element);
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
  render(
    <AppProviders>
      <FullScreenLoader />
    </AppProviders>
  );
  try {
    await startFakeServerInDev();
    const services = await startServices({
      origin: window.location.origin,
      accounts: new DeviceAccounts(window.localStorage),
      pathname: window.location.pathname,
    });
    watchOutboxForBackgroundSync(services.replica.service, services.replica.database);
    render(<App services={services} />);
    // While the user reads the sign-in page or the app settles, not when the first rows are drawn.
    setTimeout(prepareDateFormats, 0);
  } catch (error) {
    console.error(error);
    render(
      <AppProviders>
        <StartupError error={error} />
      </AppProviders>
    );
  }
}

void main();
