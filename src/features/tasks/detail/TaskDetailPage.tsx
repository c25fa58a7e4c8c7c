import { Center, Grid, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { formatCodeableConcept, useConfirmedId, useResource } from '@/ui';
import { TaskActionsPanel } from '../actions/TaskActionsPanel';
import { TOUCH_HEIGHT } from '../constants';
import { statusText } from '../format';
import { SyncBadge } from '../list/SyncBadge';
import { PatientSummary } from './PatientSummary';
import { TaskDetailsTab } from './TaskDetailsTab';
import { TaskNotesTab } from './TaskNotesTab';
import { TaskTimelineTab } from './TaskTimelineTab';

export const TASK_TABS = ['details', 'timeline', 'notes'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export function isTaskTab(tab: string): tab is TaskTab {
  return (TASK_TABS as readonly string[]).includes(tab);
}

/**
 * /Task/{id}/{tab}: the patient (width 4), the tabs Details, Timeline, Notes (width 5) and the Task
 * Actions (width 3). On narrower screens the columns stack: patient on top, then actions beside the
 * tabs, then one column on a portrait tablet.
 */
export function TaskDetailPage({ id, tab }: { id: string; tab: string }) {
  const navigate = useNavigate();
  const state = useResource<Task>('Task', id);
  const confirmedId = useConfirmedId('Task', id, !state.loading && !state.resource);

  if (state.loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading task" />
      </Center>
    );
  }
  if (!state.resource) {
    if (confirmedId) return <Navigate to="/Task/$id/$tab" params={{ id: confirmedId, tab }} replace />;
    return (
      <Stack gap="sm">
        <Title order={1}>No Task found</Title>
        <Text c="dimmed">Task {id} is not on this device.</Text>
      </Stack>
    );
  }
  const task = state.resource;
  const current: TaskTab = isTaskTab(tab) ? tab : 'details';

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <Group gap="sm" wrap="wrap">
          <Title order={1}>{formatCodeableConcept(task.code) || 'Task'}</Title>
          <Text size="sm" c="dimmed">
            {statusText(task.status)}
          </Text>
          <SyncBadge pending={state.pending} size="sm" />
        </Group>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }} order={1}>
        <PatientSummary patient={task.for} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 5 }} order={{ base: 3, md: 2 }}>
        <Tabs
          value={current}
          onChange={(next) => next && void navigate({ to: '/Task/$id/$tab', params: { id, tab: next } })}
        >
          <Tabs.List mb="sm">
            <Tabs.Tab value="details" mih={TOUCH_HEIGHT}>
              Details
            </Tabs.Tab>
            <Tabs.Tab value="timeline" mih={TOUCH_HEIGHT}>
              Timeline
            </Tabs.Tab>
            <Tabs.Tab value="notes" mih={TOUCH_HEIGHT}>
              Notes
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <TaskDetailsTab task={task} />
          </Tabs.Panel>
          <Tabs.Panel value="timeline">
            <TaskTimelineTab task={task} server={state.record?.server as Task | undefined} />
          </Tabs.Panel>
          <Tabs.Panel value="notes">
            <TaskNotesTab task={task} />
          </Tabs.Panel>
        </Tabs>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 3 }} order={{ base: 2, md: 3 }}>
        <TaskActionsPanel task={task} />
      </Grid.Col>
    </Grid>
  );
}
