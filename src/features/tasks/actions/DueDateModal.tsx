import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormModal } from '@/ui';
import { TOUCH_INPUT_STYLES } from '../constants';

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
    <FormModal
      opened={opened}
      title={title}
      submitLabel="Save"
      canSubmit={Boolean(day)}
      onSubmit={() => {
        onSubmit(day);
        onClose();
      }}
      onClose={onClose}
    >
      <TextInput
        label="Due date"
        type="date"
        value={day}
        onChange={(event) => setDay(event.currentTarget.value)}
        styles={TOUCH_INPUT_STYLES}
        data-autofocus
      />
    </FormModal>
  );
}
