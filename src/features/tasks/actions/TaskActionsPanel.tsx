import { Button, Card, Divider, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Coding, Practitioner, Task } from '@medplum/fhirtypes';
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
 * redraws the buttons; the status select, the note form and the closed dialogs keep their props and
 * are not drawn again, so the change reaches the screen in one short render.
 */
export const TaskActionsPanel = memo(function TaskActionsPanel({ task }: { task: Task }) {
  const command = useTaskCommand();
  const navigate = useNavigate();
  const [open, setOpen] = useState<OpenModal>();
  const { resources: practitioners } = useRecordsOfType<Practitioner>('Practitioner');
  const { codings: roles } = useCodings(PRACTITIONER_ROLE_VALUESET_URL);
  const { codings: businessStatuses } = useCodings(BUSINESS_STATUS_VALUESET_URL);
  // The handlers below stay the same functions while the task changes, and act on the task as it is now.
  const latest = useRef({ task, run: command.run });
  useLayoutEffect(() => {
    latest.current = { task, run: command.run };
  });

  const practitionerChoices = useMemo(
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
  const roleChoices = useMemo(
    () => roles.map((role) => ({ value: role.code ?? '', label: role.display ?? role.code ?? '' })),
    [roles]
  );
  const dueLabel = changeDueDate.label(task);
  const assignLabel = assignTask.label(task);

  const close = useCallback(() => setOpen(undefined), []);
  const addTaskNote = useCallback(
    async (text: string) => !!(await latest.current.run(addNote, latest.current.task, text)),
    []
  );
  const chooseBusinessStatus = useCallback(
    (code: string | null) => {
      const coding = businessStatuses.find((candidate) => candidate.code === code);
      if (coding) void latest.current.run(updateBusinessStatus, latest.current.task, coding);
    },
    [businessStatuses]
  );
  const assignTo = useCallback(
    (reference: string) =>
      void latest.current.run(assignTask, latest.current.task, {
        reference,
        display: practitionerChoices.find((choice) => choice.value === reference)?.label,
      }),
    [practitionerChoices]
  );
  const assignToRole = useCallback(
    (code: string) => {
      const role = roles.find((candidate) => candidate.code === code);
      if (role) void latest.current.run(assignRole, latest.current.task, role);
    },
    [roles]
  );

  const button = (label: string, onClick: () => void, color?: string) => (
    <Button
      key={label}
      fullWidth
      mih={TOUCH_HEIGHT}
      variant="light"
      color={color}
      onClick={onClick}
      disabled={command.submitting}
    >
      {label}
    </Button>
  );

  return (
    <Card withBorder padding="md" component="section" aria-label="Task Actions">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Task Actions
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4, md: 2, lg: 1 }} spacing="xs" verticalSpacing="xs">
          {button(assignLabel, () => setOpen('assign'))}
          {button(assignRole.label(task), () => setOpen('role'))}
          {!task.owner && button(claimTask.label(task), () => void command.run(claimTask, task, undefined))}
          {/* Pause puts any task on hold, a completed one too (it reopens it); Resume then goes on. */}
          {task.status !== 'on-hold' &&
            button(pauseTask.label(task), () => void command.run(pauseTask, task, undefined))}
          {task.status === 'on-hold' &&
            button(resumeTask.label(task), () => void command.run(resumeTask, task, undefined))}
          {task.status !== 'completed' &&
            button(completeTask.label(task), () => void command.run(completeTask, task, undefined), 'green')}
          {button(dueLabel, () => setOpen('due'))}
        </SimpleGrid>
        <BusinessStatusSelect
          codings={businessStatuses}
          value={task.businessStatus?.coding?.[0]?.code ?? null}
          onChange={chooseBusinessStatus}
        />
        <Divider my={4} />
        <AddNoteForm form={`note:Task/${task.id ?? ''}`} onAdd={addTaskNote} />
        <Divider my={4} />
        {button(
          deleteTask.label(task),
          () =>
            void command.run(deleteTask, task, undefined).then((applied) => {
              if (applied) void navigate({ to: '/Task' });
            }),
          'red'
        )}
      </Stack>
      <ChoiceModal
        opened={open === 'assign'}
        title={assignLabel}
        fieldLabel="Practitioner"
        form={`assign:Task/${task.id ?? ''}`}
        choices={practitionerChoices}
        submitLabel={assignLabel}
        onSubmit={assignTo}
        onClose={close}
      />
      <ChoiceModal
        opened={open === 'role'}
        title="Assign Role"
        fieldLabel="Role"
        form={`role:Task/${task.id ?? ''}`}
        choices={roleChoices}
        submitLabel="Assign Role"
        onSubmit={assignToRole}
        onClose={close}
      />
      {open === 'due' && (
        <DueDateModal
          opened
          title={dueLabel}
          initial={formatDate(task.restriction?.period?.end)}
          form={`due:Task/${task.id ?? ''}`}
          onSubmit={(day) => void command.run(changeDueDate, task, dueDateInstant(day))}
          onClose={close}
        />
      )}
      <ConfirmActionModal confirmation={command.confirmation} />
    </Card>
  );
});

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
