import { Affix, Button, Notification } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { ReplicaLifecycleEvent, ReplicaLifecycleListener } from '@/db/lifecycle';

/** What the notice needs of the replica's lifecycle (src/db/lifecycle.ts). */
export interface LifecycleSource {
  readonly current: ReplicaLifecycleEvent | undefined;
  subscribe(listener: ReplicaLifecycleListener): () => void;
}

const noSubscription = () => () => undefined;

/**
 * Tells the user when another tab updated the app (this tab closed its database and must be
 * reloaded; its changes are already stored) or when this tab's update waits for older tabs to close.
 * Nothing reloads on its own.
 */
export function ReplicaLifecycleNotice({ lifecycle }: { lifecycle?: LifecycleSource }) {
  const event = useSyncExternalStore(
    lifecycle ? (listener) => lifecycle.subscribe(listener) : noSubscription,
    () => lifecycle?.current,
    () => undefined
  );
  if (!event || event.type === 'open') return null;
  const outdated = event.type === 'outdated';
  return (
    <Affix position={{ top: 70, left: '50%' }} style={{ transform: 'translateX(-50%)' }} zIndex={400}>
      <Notification
        withCloseButton={false}
        color={outdated ? 'orange' : 'blue'}
        title={outdated ? 'CareQueue was updated in another tab' : 'Finishing an update'}
        role="alert"
        maw={440}
      >
        {event.message}
        {outdated && (
          <Button mt="xs" size="sm" mih={44} display="block" onClick={() => window.location.reload()}>
            Reload this tab
          </Button>
        )}
      </Notification>
    </Affix>
  );
}
