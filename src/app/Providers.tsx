import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Toasts stack at the bottom right, no wider than the Task Actions column, so a toast covers at most
 * the end of that column, never the task's details beside it.
 */
const NOTIFICATION_WIDTH = 236;

/** Theme and notifications for everything the app renders. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="bottom-right" containerWidth={NOTIFICATION_WIDTH} />
      {children}
    </MantineProvider>
  );
}
