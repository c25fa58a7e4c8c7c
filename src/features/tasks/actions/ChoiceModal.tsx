import { Select } from '@mantine/core';
import { memo, useState } from 'react';
import { FormModal } from '@/ui';
import { announceKeptDraft, DraftNotice, useDraft, type Draft } from '@/ui/drafts';
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
  /** The draft's form name ('assign:Task/abc'): a choice made but not submitted is kept on this device. */
  form?: string;
}

/**
 * Picks one of a list (a practitioner, a role) for an action; submits only once one is chosen. A
 * choice not yet submitted is a draft: closing keeps it (and says so), Cancel and submitting drop it.
 */
export const ChoiceModal = memo(function ChoiceModal(props: ChoiceModalProps) {
  const draft = useDraft<string>(props.form);
  if (!draft.ready) return null;
  return <ChoiceForm key={draft.round} {...props} draft={draft} />;
});

function ChoiceForm({
  opened,
  title,
  fieldLabel,
  choices,
  submitLabel,
  onSubmit,
  onClose,
  draft,
}: ChoiceModalProps & { draft: Draft<string> }) {
  const [value, setValue] = useState<string | null>(draft.restored ?? null);
  const close = () => {
    void draft.remove();
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
      onClose={() => {
        if (draft.isUnsaved()) announceKeptDraft();
        onClose();
      }}
      onCancel={close}
    >
      <DraftNotice draft={draft} />
      <Select
        label={fieldLabel}
        data={choices}
        value={value}
        onChange={(chosen) => {
          setValue(chosen);
          if (chosen) draft.keep(chosen);
        }}
        searchable
        nothingFoundMessage="Nothing found"
        styles={TOUCH_INPUT_STYLES}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </FormModal>
  );
}
