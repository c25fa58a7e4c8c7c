import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { appUpdates } from './register';
import type { AppUpdates, UpdateState } from './updates';

const NONE: UpdateState = { available: false, updating: false };
const noSubscription = () => () => undefined;

function useUpdateState(updates: AppUpdates | undefined): UpdateState {
  return useSyncExternalStore(
    updates ? (listener) => updates.subscribe(listener) : noSubscription,
    () => updates?.getState() ?? NONE,
    () => NONE
  );
}

/**
 * 'A new version of CareQueue is ready': shown when an update waits; the page reloads only when the
 * user clicks 'Reload to update'. Changes waiting to sync are kept (they are in IndexedDB).
 */
export function UpdateNotice({ updates = appUpdates() }: { updates?: AppUpdates }) {
  const state = useUpdateState(updates);
  if (!updates || !state.available) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={400}>
      <Notification
        withCloseButton={false}
        color="blue"
        title="A new version of CareQueue is ready"
        aria-label="Update available"
        maw={420}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap" mt={4}>
          <Text size="sm">Changes waiting to sync are kept.</Text>
          <Button size="sm" mih={44} loading={state.updating} onClick={() => updates.apply()}>
            Reload to update
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
