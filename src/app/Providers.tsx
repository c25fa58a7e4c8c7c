import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import './accessibility.css';
import { cssVariablesResolver, theme } from './theme';

/**
 * Toasts stack at the bottom right, no wider than the Task Actions column: on the task page one
 * toast sits below that column's controls from 1024×768 up, and never over the task's details.
 */
const NOTIFICATION_WIDTH = 236;

/** Theme and notifications for everything the app renders. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="bottom-right" containerWidth={NOTIFICATION_WIDTH} />
      {children}
    </MantineProvider>
  );
}
