import type { OperationOutcome } from '@medplum/fhirtypes';
import { useState } from 'react';
import { dueDateIssues } from '@/fhir/plausible-values';
import { FormModal, SaveAnyway } from '@/ui';
import { announceKeptDraft, DraftNotice, useDraft, type Draft } from '@/ui/drafts';
import { DateInput, fieldErrorText, LabelledField } from '@/ui/inputs';
import { dueDateInstant } from '../list/new-task';

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

/** Where the due date is held, as the task's issues name it. */
const DUE_PATH = 'Task.restriction.period.end';

/**
 * Chooses a due date; nothing is saved unless a date is chosen. A day in the past or more than two
 * years ahead shows its warning under the field, and is saved only by Save anyway. A date chosen but
 * not saved is a draft: closing keeps it (and says so), Cancel and Save drop it.
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
  const [warnings, setWarnings] = useState<OperationOutcome>();
  const save = () => {
    onSubmit(day);
    void draft.remove();
    onClose();
  };
  return (
    <FormModal
      opened={opened}
      title={title}
      submitLabel="Save"
      canSubmit={Boolean(day)}
      onSubmit={() => {
        const issues = dueDateIssues(dueDateInstant(day), new Date());
        if (issues.length > 0) setWarnings({ resourceType: 'OperationOutcome', issue: issues });
        else save();
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
      <LabelledField label="Due date" error={fieldErrorText(warnings, DUE_PATH)}>
        {(field) => (
          <DateInput
            {...field}
            data-autofocus
            value={day}
            onChange={(value) => {
              setDay(value ?? '');
              draft.keep(value ?? '');
              setWarnings(undefined);
            }}
          />
        )}
      </LabelledField>
      <SaveAnyway outcome={warnings} onSaveAnyway={save} />
    </FormModal>
  );
}
