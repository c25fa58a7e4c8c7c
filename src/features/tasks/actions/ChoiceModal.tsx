import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { TOUCH_HEIGHT, TOUCH_INPUT_STYLES } from '../constants';

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceModalProps {
  opened: boolean;
  title: string;
  fieldLabel: string;
  choices: Choice[];
  submitLabel: string;
  onSubmit: (value: string) => void;
  onClose: () => void;
}

/** Picks one of a list (a practitioner, a role) for an action; submits only once one is chosen. */
export function ChoiceModal({
  opened,
  title,
  fieldLabel,
  choices,
  submitLabel,
  onSubmit,
  onClose,
}: ChoiceModalProps) {
  const [value, setValue] = useState<string | null>(null);
  const close = () => {
    setValue(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!value) return;
          onSubmit(value);
          close();
        }}
      >
        <Stack gap="md">
          <Select
            label={fieldLabel}
            data={choices}
            value={value}
            onChange={setValue}
            searchable
            nothingFoundMessage="Nothing found"
            styles={TOUCH_INPUT_STYLES}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" mih={TOUCH_HEIGHT} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" mih={TOUCH_HEIGHT} disabled={!value}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
