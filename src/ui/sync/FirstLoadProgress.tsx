import { Group, Progress, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useReplicaContext } from '../ReplicaProvider';

/**
 * While the first sync fills the replica: how many tasks are here and a rough share of the whole.
 * It only informs: the lists already show what arrived, and nothing waits for it.
 */
export function FirstLoadProgress() {
  const { statusStore } = useReplicaContext();
  const status = useSyncExternalStore(
    statusStore.subscribe,
    statusStore.getSnapshot,
    statusStore.getSnapshot
  );
  const loading = status.loading;
  if (!loading || loading.percent >= 100) return null;
  const label = `Loading tasks: ${loading.rows} (${loading.percent}%)`;
  return (
    <Group gap={6} wrap="nowrap" aria-label={label} role="progressbar" aria-valuenow={loading.percent}>
      <Progress value={loading.percent} w={64} size="sm" aria-hidden />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
