import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import './accessibility.css';
import { cssVariablesResolver, theme } from './theme';

/**
 * Toasts stack at the bottom left, no wider than the side navigation: on the task page they never
 * cover the Task Actions, which sit on the right (or at the top on a portrait tablet).
 */
const NOTIFICATION_WIDTH = 236;

/** Theme and notifications for everything the app renders. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="bottom-left" containerWidth={NOTIFICATION_WIDTH} />
      {children}
    </MantineProvider>
  );
}
