import { Button, Card, Divider, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Coding, Practitioner, Reference, Task } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  addNote,
  assignRole,
  assignTask,
  changeDueDate,
  claimTask,
  completeTask,
  deleteTask,
  pauseTask,
  resumeTask,
  updateBusinessStatus,
  type TaskAction,
} from '../commands/actions';
import { ConfirmActionModal } from '../commands/ConfirmActionModal';
import { useTaskCommand } from '../commands/use-task-command';
import {
  BUSINESS_STATUS_VALUESET_URL,
  PRACTITIONER_ROLE_VALUESET_URL,
  TOUCH_HEIGHT,
  TOUCH_INPUT_STYLES,
} from '../constants';
import { useCodings, useRecordsOfType } from '../data/hooks';
import { formatDate, formatHumanName } from '@/ui';
import { dueDateInstant } from '../list/new-task';
import { AddNoteForm } from './AddNoteForm';
import { ChoiceModal } from './ChoiceModal';
import { DueDateModal } from './DueDateModal';

type OpenModal = 'assign' | 'role' | 'due' | undefined;

/**
 * Every action on a task, each through the one command path (useTaskCommand). A change to the task
 * redraws only the buttons whose label or state changes; the status select, the note form and the
 * closed dialogs keep their props and are not drawn again, so the change reaches the screen in one
 * short render. The practitioners and the roles are read only while their dialog is open.
 */
export const TaskActionsPanel = memo(function TaskActionsPanel({ task }: { task: Task }) {
  const command = useTaskCommand();
  const navigate = useNavigate();
  const [open, setOpen] = useState<OpenModal>();
  const { codings: businessStatuses } = useCodings(BUSINESS_STATUS_VALUESET_URL);
  // The handlers below stay the same functions while the task changes, and act on the task as it is now.
  const latest = useRef({ task, run: command.run, navigate });
  useLayoutEffect(() => {
    latest.current = { task, run: command.run, navigate };
  });
  const on = useMemo(() => {
    const act =
      <Input,>(action: TaskAction<Input>, input: Input) =>
      () =>
        latest.current.run(action, latest.current.task, input);
    return {
      assign: () => setOpen('assign'),
      role: () => setOpen('role'),
      due: () => setOpen('due'),
      close: () => setOpen(undefined),
      claim: () => void act(claimTask, undefined)(),
      pause: () => void act(pauseTask, undefined)(),
      resume: () => void act(resumeTask, undefined)(),
      complete: () => void act(completeTask, undefined)(),
      delete: () =>
        void act(deleteTask, undefined)().then((applied) => {
          if (applied) void latest.current.navigate({ to: '/Task' });
        }),
      addNote: async (text: string) => !!(await act(addNote, text)()),
      assignTo: (owner: Reference) => void act(assignTask, owner)(),
      assignRole: (role: Coding) => void act(assignRole, role)(),
      dueDate: (day: string) => void act(changeDueDate, dueDateInstant(day))(),
    };
  }, []);
  const chooseBusinessStatus = useCallback(
    (code: string | null) => {
      const coding = businessStatuses.find((candidate) => candidate.code === code);
      if (coding) void latest.current.run(updateBusinessStatus, latest.current.task, coding);
    },
    [businessStatuses]
  );
  const dueLabel = changeDueDate.label(task);
  const assignLabel = assignTask.label(task);
  const busy = command.submitting;
  const id = task.id ?? '';

  return (
    <Card withBorder padding="md" component="section" aria-label="Task Actions">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Task Actions
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4, md: 2, lg: 1 }} spacing="xs" verticalSpacing="xs">
          <ActionButton label={assignLabel} onClick={on.assign} disabled={busy} />
          <ActionButton label={assignRole.label(task)} onClick={on.role} disabled={busy} />
          {!task.owner && <ActionButton label={claimTask.label(task)} onClick={on.claim} disabled={busy} />}
          {/* Pause puts any task on hold, a completed one too (it reopens it); Resume then goes on. */}
          {task.status !== 'on-hold' && (
            <ActionButton label={pauseTask.label(task)} onClick={on.pause} disabled={busy} />
          )}
          {task.status === 'on-hold' && (
            <ActionButton label={resumeTask.label(task)} onClick={on.resume} disabled={busy} />
          )}
          {task.status !== 'completed' && (
            <ActionButton
              label={completeTask.label(task)}
              onClick={on.complete}
              disabled={busy}
              color="green"
            />
          )}
          <ActionButton label={dueLabel} onClick={on.due} disabled={busy} />
        </SimpleGrid>
        <BusinessStatusSelect
          codings={businessStatuses}
          value={task.businessStatus?.coding?.[0]?.code ?? null}
          onChange={chooseBusinessStatus}
        />
        <Divider my={4} />
        <AddNoteForm form={`note:Task/${id}`} onAdd={on.addNote} />
        <Divider my={4} />
        <ActionButton label={deleteTask.label(task)} onClick={on.delete} disabled={busy} color="red" />
      </Stack>
      {open === 'assign' && (
        <AssignDialog
          title={assignLabel}
          form={`assign:Task/${id}`}
          onAssign={on.assignTo}
          onClose={on.close}
        />
      )}
      {open === 'role' && <RoleDialog form={`role:Task/${id}`} onAssign={on.assignRole} onClose={on.close} />}
      {open === 'due' && (
        <DueDateModal
          opened
          title={dueLabel}
          initial={formatDate(task.restriction?.period?.end)}
          form={`due:Task/${id}`}
          onSubmit={on.dueDate}
          onClose={on.close}
        />
      )}
      <ConfirmActionModal confirmation={command.confirmation} />
    </Card>
  );
});

/** One of the panel's buttons: drawn again only when its label, its colour or its state changes. */
const ActionButton = memo(function ActionButton({
  label,
  onClick,
  disabled,
  color,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  color?: string;
}) {
  return (
    <Button fullWidth mih={TOUCH_HEIGHT} variant="light" color={color} onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
});

/** 'Assign Task' / 'Reassign Task': a Practitioner the replica holds, by name. */
function AssignDialog({
  title,
  form,
  onAssign,
  onClose,
}: {
  title: string;
  form: string;
  onAssign: (owner: Reference) => void;
  onClose: () => void;
}) {
  const { resources: practitioners } = useRecordsOfType<Practitioner>('Practitioner');
  const choices = useMemo(
    () =>
      practitioners
        .filter((practitioner) => practitioner.id)
        .map((practitioner) => ({
          value: `Practitioner/${practitioner.id}`,
          label: formatHumanName(practitioner.name?.[0]) || `Practitioner/${practitioner.id}`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [practitioners]
  );
  const assign = useCallback(
    (reference: string) =>
      onAssign({ reference, display: choices.find((choice) => choice.value === reference)?.label }),
    [choices, onAssign]
  );
  return (
    <ChoiceModal
      opened
      title={title}
      fieldLabel="Practitioner"
      form={form}
      choices={choices}
      submitLabel={title}
      onSubmit={assign}
      onClose={onClose}
    />
  );
}

/** 'Assign Role': a role of the practitioner-role value set. */
function RoleDialog({
  form,
  onAssign,
  onClose,
}: {
  form: string;
  onAssign: (role: Coding) => void;
  onClose: () => void;
}) {
  const { codings: roles } = useCodings(PRACTITIONER_ROLE_VALUESET_URL);
  const choices = useMemo(
    () => roles.map((role) => ({ value: role.code ?? '', label: role.display ?? role.code ?? '' })),
    [roles]
  );
  const assign = useCallback(
    (code: string) => {
      const role = roles.find((candidate) => candidate.code === code);
      if (role) onAssign(role);
    },
    [roles, onAssign]
  );
  return (
    <ChoiceModal
      opened
      title="Assign Role"
      fieldLabel="Role"
      form={form}
      choices={choices}
      submitLabel="Assign Role"
      onSubmit={assign}
      onClose={onClose}
    />
  );
}

/** 'Update Business Status': drawn again only when its codes or the task's status code change. */
const BusinessStatusSelect = memo(function BusinessStatusSelect({
  codings,
  value,
  onChange,
}: {
  codings: Coding[];
  value: string | null;
  onChange: (code: string | null) => void;
}) {
  const data = useMemo(
    () => codings.map((coding) => ({ value: coding.code ?? '', label: coding.display ?? coding.code ?? '' })),
    [codings]
  );
  return (
    <Select
      label="Update Business Status"
      placeholder="Choose a status"
      data={data}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      styles={TOUCH_INPUT_STYLES}
    />
  );
});
