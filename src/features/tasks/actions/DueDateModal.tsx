import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TOUCH_HEIGHT, TOUCH_INPUT_STYLES } from '../constants';

interface DueDateModalProps {
  opened: boolean;
  title: string;
  /** 'YYYY-MM-DD' of the current due date, '' when none. */
  initial: string;
  onSubmit: (day: string) => void;
  onClose: () => void;
}

/** Chooses a due date; nothing is saved unless a date is chosen. */
export function DueDateModal({ opened, title, initial, onSubmit, onClose }: DueDateModalProps) {
  const [day, setDay] = useState(initial);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!day) return;
          onSubmit(day);
          onClose();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Due date"
            type="date"
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
            styles={TOUCH_INPUT_STYLES}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" mih={TOUCH_HEIGHT} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={TOUCH_HEIGHT} disabled={!day}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
