import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormModal } from '@/ui';
import { announceKeptDraft, DraftNotice, useDraft, type Draft } from '@/ui/drafts';
import { TOUCH_INPUT_STYLES } from '../constants';

interface DueDateModalProps {
  opened: boolean;
  title: string;
  /** 'YYYY-MM-DD' of the current due date, '' when none. */
  initial: string;
  onSubmit: (day: string) => void;
  onClose: () => void;
  /** The draft's form name ('due:Task/abc'): a date chosen but not saved is kept on this device. */
  form?: string;
}

/**
 * Chooses a due date; nothing is saved unless a date is chosen. A date chosen but not saved is a
 * draft: closing keeps it (and says so), Cancel and Save drop it.
 */
export function DueDateModal(props: DueDateModalProps) {
  const draft = useDraft<string>(props.form);
  if (!draft.ready) return null;
  return <DueDateForm key={draft.round} {...props} draft={draft} />;
}

function DueDateForm({
  opened,
  title,
  initial,
  onSubmit,
  onClose,
  draft,
}: DueDateModalProps & { draft: Draft<string> }) {
  const [day, setDay] = useState(draft.restored ?? initial);
  return (
    <FormModal
      opened={opened}
      title={title}
      submitLabel="Save"
      canSubmit={Boolean(day)}
      onSubmit={() => {
        onSubmit(day);
        void draft.remove();
        onClose();
      }}
      onClose={() => {
        if (draft.isUnsaved()) announceKeptDraft();
        onClose();
      }}
      onCancel={() => {
        void draft.remove();
        onClose();
      }}
    >
      <DraftNotice draft={draft} />
      <TextInput
        label="Due date"
        type="date"
        value={day}
        onChange={(event) => {
          setDay(event.currentTarget.value);
          draft.keep(event.currentTarget.value);
        }}
        styles={TOUCH_INPUT_STYLES}
        data-autofocus
      />
    </FormModal>
  );
}
