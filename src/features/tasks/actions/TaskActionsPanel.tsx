import { Button, Card, Divider, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Practitioner, Task } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
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

/** Every action on a task, each through the one command path (useTaskCommand). */
export function TaskActionsPanel({ task }: { task: Task }) {
  const command = useTaskCommand();
  const navigate = useNavigate();
  const [open, setOpen] = useState<OpenModal>();
  const { resources: practitioners } = useRecordsOfType<Practitioner>('Practitioner');
  const { codings: roles } = useCodings(PRACTITIONER_ROLE_VALUESET_URL);
  const { codings: businessStatuses } = useCodings(BUSINESS_STATUS_VALUESET_URL);

  const practitionerChoices = practitioners
    .filter((practitioner) => practitioner.id)
    .map((practitioner) => ({
      value: `Practitioner/${practitioner.id}`,
      label: formatHumanName(practitioner.name?.[0]) || `Practitioner/${practitioner.id}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const roleChoices = roles.map((role) => ({
    value: role.code ?? '',
    label: role.display ?? role.code ?? '',
  }));
  const dueLabel = changeDueDate.label(task);

  const button = (label: string, onClick: () => void, color?: string) => (
    <Button
      key={label}
      fullWidth
      mih={TOUCH_HEIGHT}
      variant="light"
      color={color}
      onClick={onClick}
      disabled={command.busy}
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
        <SimpleGrid cols={{ base: 2, lg: 1 }} spacing="xs" verticalSpacing="xs">
          {button(assignTask.label(task), () => setOpen('assign'))}
          {button(assignRole.label(task), () => setOpen('role'))}
          {!task.owner && button(claimTask.label(task), () => void command.run(claimTask, task, undefined))}
          {task.status !== 'on-hold' &&
            task.status !== 'completed' &&
            button(pauseTask.label(task), () => void command.run(pauseTask, task, undefined))}
          {task.status === 'on-hold' &&
            button(resumeTask.label(task), () => void command.run(resumeTask, task, undefined))}
          {task.status !== 'completed' &&
            button(completeTask.label(task), () => void command.run(completeTask, task, undefined), 'green')}
          {button(dueLabel, () => setOpen('due'))}
        </SimpleGrid>
        <Select
          label="Update Business Status"
          placeholder="Choose a status"
          data={businessStatuses.map((coding) => ({
            value: coding.code ?? '',
            label: coding.display ?? coding.code ?? '',
          }))}
          value={task.businessStatus?.coding?.[0]?.code ?? null}
          onChange={(code) => {
            const coding = businessStatuses.find((candidate) => candidate.code === code);
            if (coding) void command.run(updateBusinessStatus, task, coding);
          }}
          allowDeselect={false}
          styles={TOUCH_INPUT_STYLES}
        />
        <Divider my={4} />
        <AddNoteForm onAdd={async (text) => !!(await command.run(addNote, task, text))} />
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
        title={assignTask.label(task)}
        fieldLabel="Practitioner"
        choices={practitionerChoices}
        submitLabel={assignTask.label(task)}
        onSubmit={(reference) =>
          void command.run(assignTask, task, {
            reference,
            display: practitionerChoices.find((choice) => choice.value === reference)?.label,
          })
        }
        onClose={() => setOpen(undefined)}
      />
      <ChoiceModal
        opened={open === 'role'}
        title="Assign Role"
        fieldLabel="Role"
        choices={roleChoices}
        submitLabel="Assign Role"
        onSubmit={(code) => {
          const role = roles.find((candidate) => candidate.code === code);
          if (role) void command.run(assignRole, task, role);
        }}
        onClose={() => setOpen(undefined)}
      />
      {open === 'due' && (
        <DueDateModal
          opened
          title={dueLabel}
          initial={formatDate(task.restriction?.period?.end)}
          onSubmit={(day) => void command.run(changeDueDate, task, dueDateInstant(day))}
          onClose={() => setOpen(undefined)}
        />
      )}
      <ConfirmActionModal confirmation={command.confirmation} />
    </Card>
  );
}
