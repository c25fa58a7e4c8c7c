import { Alert, Button, Group, Text } from '@mantine/core';
import type { Draft } from './use-draft';

/** Says the form opened on input kept on this device, with 'Discard' to start again without it. */
export function DraftNotice<T>({ draft }: { draft: Draft<T> }) {
  if (draft.restored === undefined) return null;
  return (
    <Alert color="blue" title="Draft restored" role="status" aria-label="Draft restored">
      <Group justify="space-between" gap="xs">
        <Text size="sm">The input you had not sent yet was kept on this device.</Text>
        <Button variant="default" mih={44} onClick={draft.discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
