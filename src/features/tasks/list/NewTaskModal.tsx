import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import type { OperationOutcome, Patient } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { createChange, formatHumanName, SaveAnyway, useMountedWhileOpen, useProfile, useSave } from '@/ui';
import { announceKeptDraft, DraftNotice, useDraft, type Draft } from '@/ui/drafts';
import { DateInput, fieldErrorText, LabelledField } from '@/ui/inputs';
import { announceSave } from '../commands/notify';
import { TASK_TYPE_VALUESET_URL, TOUCH_HEIGHT, TOUCH_INPUT_STYLES } from '../constants';
import { useCodings, useRecordsOfType } from '../data/hooks';
import { statusText } from '../format';
import { buildNewTask, TASK_PRIORITIES, validateNewTask, type NewTaskValues } from './new-task';

const EMPTY: NewTaskValues = {
  code: undefined,
  patient: undefined,
  priority: 'routine',
  dueDate: '',
  description: '',
};

/**
 * The New form: creates a task locally (works offline) and opens it. What was typed is a draft on
 * this device: closing the dialog keeps it (and says so), a reload restores it, Cancel drops it; the
 * form and its reads of the replica are in the page only while the dialog is open.
 */
export function NewTaskModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const draft = useDraft<NewTaskValues>('new-task');
  const [values, setShown] = useState<NewTaskValues>(EMPTY);
  const [taken, setTaken] = useState({ restored: false, round: 0 });
  if (draft.restored && !taken.restored) {
    setTaken({ ...taken, restored: true });
    setShown(draft.restored);
  }
  if (draft.round !== taken.round) {
    setTaken({ ...taken, round: draft.round });
    setShown(EMPTY);
  }
  const setValues = (next: NewTaskValues) => {
    setShown(next);
    draft.keep(next);
  };
  const { mounted, onExitTransitionEnd } = useMountedWhileOpen(opened);
  if (!mounted) return null;
  const close = () => {
    if (draft.isUnsaved()) announceKeptDraft();
    onClose();
  };
  const cancel = () => {
    void draft.remove();
    setShown(EMPTY);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onExitTransitionEnd}
      title="New Task"
      size="lg"
    >
      <NewTaskForm values={values} setValues={setValues} onCancel={cancel} draft={draft} />
    </Modal>
  );
}

interface NewTaskFormProps {
  values: NewTaskValues;
  setValues: (values: NewTaskValues) => void;
  /** Closes the dialog and drops the draft (Cancel, or the task was created). */
  onCancel: () => void;
  draft: Draft<NewTaskValues>;
}

function NewTaskForm({ values, setValues, onCancel, draft }: NewTaskFormProps) {
  const { codings } = useCodings(TASK_TYPE_VALUESET_URL);
  const { resources: patients } = useRecordsOfType<Patient>('Patient');
  const { save, submitting } = useSave();
  const { reference } = useProfile();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<ReturnType<typeof validateNewTask>>({});
  // The warnings of the last Create (a due date far off): shown under their fields, with Save anyway.
  const [warnings, setWarnings] = useState<OperationOutcome>();

  const patientOptions = patients
    .map((patient) => ({
      value: patient.id ?? '',
      label: formatHumanName(patient.name?.[0]) || (patient.id ?? ''),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));

  async function submit(acceptWarnings = false): Promise<void> {
    const found = validateNewTask(values);
    setErrors(found);
    setWarnings(undefined);
    if (Object.keys(found).length > 0) return;
    const result = await save(() => ({
      change: createChange(buildNewTask(values, { reference }, new Date().toISOString()), 'New Task'),
      acceptWarnings,
    }));
    if (!result.ok && result.confirm) {
      setWarnings(result.outcome);
      return;
    }
    const applied = announceSave(result, 'New Task', 'Task created');
    if (!applied) return;
    // Created: the draft goes, and the form starts empty next time.
    onCancel();
    await navigate({ to: '/Task/$id/$tab', params: { id: applied.id, tab: 'details' } });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <DraftNotice draft={draft} />
        <Select
          styles={TOUCH_INPUT_STYLES}
          label="Task type"
          required
          data={codings.map((coding) => ({
            value: coding.code ?? '',
            label: coding.display ?? coding.code ?? '',
          }))}
          value={values.code?.code ?? null}
          onChange={(code) => setValues({ ...values, code: codings.find((coding) => coding.code === code) })}
          error={errors.code}
          searchable
        />
        <Select
          styles={TOUCH_INPUT_STYLES}
          label="Patient"
          required
          data={patientOptions}
          value={values.patient?.id ?? null}
          onChange={(id) => setValues({ ...values, patient: patients.find((patient) => patient.id === id) })}
          error={errors.patient}
          searchable
          nothingFoundMessage="No patient found"
        />
        <Select
          styles={TOUCH_INPUT_STYLES}
          label="Priority"
          data={TASK_PRIORITIES.map((priority) => ({ value: priority, label: statusText(priority) }))}
          value={values.priority ?? 'routine'}
          onChange={(priority) =>
            setValues({ ...values, priority: (priority ?? 'routine') as NewTaskValues['priority'] })
          }
          allowDeselect={false}
        />
        <LabelledField label="Due date" error={fieldErrorText(warnings, 'Task.restriction.period.end')}>
          {(field) => (
            <DateInput
              {...field}
              value={values.dueDate}
              onChange={(day) => {
                setValues({ ...values, dueDate: day ?? '' });
                setWarnings(undefined);
              }}
            />
          )}
        </LabelledField>
        <Textarea
          styles={TOUCH_INPUT_STYLES}
          label="Description"
          rows={3}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
        />
        <SaveAnyway outcome={warnings} busy={submitting} onSaveAnyway={() => void submit(true)} />
        <Group justify="flex-end">
          <Button variant="default" mih={TOUCH_HEIGHT} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" mih={TOUCH_HEIGHT} loading={submitting}>
            Create Task
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
