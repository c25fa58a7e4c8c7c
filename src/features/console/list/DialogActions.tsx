import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The button row at the foot of a search-control dialog: the way out, then the dialog's own action. */
export function DialogActions({
  onCancel,
  cancel = 'Cancel',
  children,
}: {
  onCancel: () => void;
  cancel?: string;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        {cancel}
      </Button>
      {children}
    </Group>
  );
}

/** What every dialog that edits part of the search takes: open or not, and what OK or closing does. */
export interface EditDialogProps<T> {
  opened: boolean;
  onOk: (value: T) => void;
  onClose: () => void;
}
