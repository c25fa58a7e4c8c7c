import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import './accessibility.css';
import { cssVariablesResolver, theme } from './theme';

/**
 * Toasts stack at the bottom right, no wider than the Task Actions column: on the task page one
 * toast sits below that column's controls from 1024×768 up, and never over the task's details.
 */
const NOTIFICATION_WIDTH = 236;

/**
 * A screen this tall has room below the task's actions for a stack of toasts; a shorter one (a
 * landscape tablet) shows one at a time, and the next waits for it to close, so a stack never
 * covers Delete Task or the other actions.
 */
const ROOM_FOR_A_STACK = '(min-height: 900px)';

/** Theme and notifications for everything the app renders. */
export function AppProviders({ children }: { children: ReactNode }) {
  const tall = useMediaQuery(ROOM_FOR_A_STACK, false, { getInitialValueInEffect: false });
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="bottom-right" containerWidth={NOTIFICATION_WIDTH} limit={tall ? 5 : 1} />
      {children}
    </MantineProvider>
  );
}
