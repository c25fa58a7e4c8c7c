import { Select } from '@mantine/core';
import { memo, useState } from 'react';
import { FormModal } from '@/ui';
import { TOUCH_INPUT_STYLES } from '../constants';

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
export const ChoiceModal = memo(function ChoiceModal({
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
    <FormModal
      opened={opened}
      title={title}
      submitLabel={submitLabel}
      canSubmit={Boolean(value)}
      onSubmit={() => {
        if (value) onSubmit(value);
        close();
      }}
      onClose={close}
    >
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
    </FormModal>
  );
});
