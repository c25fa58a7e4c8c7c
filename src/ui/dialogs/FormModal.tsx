import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMountedWhileOpen } from './use-mounted-while-open';

/** Touch targets on tablets are at least this tall. */
const TOUCH_HEIGHT = 44;

export interface FormModalProps {
  opened: boolean;
  title: string;
  /** The submit button's label ('Save', 'Assign'). */
  submitLabel: string;
  /** The submit button stays disabled, and Enter does nothing, until the form is complete. */
  canSubmit: boolean;
  /** Disables the buttons while a submission runs. */
  busy?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** The Cancel button; onClose when unset (a form may drop its draft on Cancel but keep it on close). */
  onCancel?: () => void;
  children: ReactNode;
}

/** A dialog holding one small form, with Cancel and a submit button that works only when the form is complete. */
export function FormModal({
  opened,
  title,
  submitLabel,
  canSubmit,
  busy = false,
  onSubmit,
  onClose,
  onCancel,
  children,
}: FormModalProps) {
  const { mounted, onExitTransitionEnd } = useMountedWhileOpen(opened);
  if (!mounted) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} onExitTransitionEnd={onExitTransitionEnd}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit && !busy) onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" mih={TOUCH_HEIGHT} onClick={onCancel ?? onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" mih={TOUCH_HEIGHT} disabled={!canSubmit} loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
