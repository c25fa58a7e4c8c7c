import type { OperationOutcome } from '@medplum/fhirtypes';
import { useState } from 'react';
import { dueDateIssues } from '@/fhir/plausible-values';
import { FormModal, SaveAnyway } from '@/ui';
import { DateInput, fieldErrorText, LabelledField } from '@/ui/inputs';
import { dueDateInstant } from '../list/new-task';

interface DueDateModalProps {
  opened: boolean;
  title: string;
  /** 'YYYY-MM-DD' of the current due date, '' when none. */
  initial: string;
  onSubmit: (day: string) => void;
  onClose: () => void;
}

/** Where the due date is held, as the task's issues name it. */
const DUE_PATH = 'Task.restriction.period.end';

/**
 * Chooses a due date; nothing is saved unless a date is chosen. A day in the past or more than two
 * years ahead shows its warning under the field, and is saved only by Save anyway.
 */
export function DueDateModal({ opened, title, initial, onSubmit, onClose }: DueDateModalProps) {
  const [day, setDay] = useState(initial);
  const [warnings, setWarnings] = useState<OperationOutcome>();
  const save = () => {
    onSubmit(day);
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
      onClose={onClose}
    >
      <LabelledField label="Due date" error={fieldErrorText(warnings, DUE_PATH)}>
        {(field) => (
          <DateInput
            {...field}
            data-autofocus
            value={day}
            onChange={(value) => {
              setDay(value ?? '');
              setWarnings(undefined);
            }}
          />
        )}
      </LabelledField>
      <SaveAnyway outcome={warnings} onSaveAnyway={save} />
    </FormModal>
  );
}
