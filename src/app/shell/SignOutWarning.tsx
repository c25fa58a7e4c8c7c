import { Button, Group, Modal, Text } from '@mantine/core';

export interface SignOutWarningProps {
  opened: boolean;
  /** Changes the server has not confirmed. */
  unsynced: number;
  onCancel: () => void;
  onConfirm: () => void;
}

export function unsyncedWarning(unsynced: number): string {
  return unsynced === 1
    ? '1 change has not reached the server. Sign out and lose it?'
    : `${unsynced} changes have not reached the server. Sign out and lose them?`;
}

/** Asked before a sign-out that would throw away edits not yet on the server. */
export function SignOutWarning({ opened, unsynced, onCancel, onConfirm }: SignOutWarningProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Sign out?" centered>
      <Text mb="md">{unsyncedWarning(unsynced)}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" style={{ minHeight: 44 }} onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" style={{ minHeight: 44 }} onClick={onConfirm}>
          Sign out anyway
        </Button>
      </Group>
    </Modal>
  );
}
