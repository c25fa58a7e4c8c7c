import { memo } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useMountedWhileOpen } from '@/ui';
import { TOUCH_HEIGHT } from '../constants';
import type { PendingConfirmation } from './use-task-command';

/** Asks the question of an action that needs confirming ('Are you sure ...?'). */
export const ConfirmActionModal = memo(function ConfirmActionModal({
  confirmation,
}: {
  confirmation: PendingConfirmation | undefined;
}) {
  const { mounted, onExitTransitionEnd } = useMountedWhileOpen(!!confirmation);
  if (!mounted) return null;
  return (
    <Modal
      opened={!!confirmation}
      onExitTransitionEnd={onExitTransitionEnd}
      onClose={() => confirmation?.cancel()}
      title={confirmation?.label}
      centered
    >
      <Text mb="lg">{confirmation?.question}</Text>
      <Group justify="flex-end">
        <Button variant="default" mih={TOUCH_HEIGHT} onClick={() => confirmation?.cancel()}>
          Cancel
        </Button>
        <Button mih={TOUCH_HEIGHT} onClick={() => confirmation?.confirm()} data-autofocus>
          Confirm
        </Button>
      </Group>
    </Modal>
  );
});
