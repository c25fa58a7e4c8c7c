import { Box, Card, Center, Grid, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Patient, Resource, Task } from '@medplum/fhirtypes';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useDeferredValue, type ComponentType } from 'react';
import { Navigate, useNavigate } from '@tanstack/react-router';
import {
  ConflictCard,
  FailureItem,
  formatCodeableConcept,
  inFirstSync,
  pageTitle,
  resourceName,
  useConfirmedId,
  useResource,
  usePageTitle,
  useSameAnswer,
  useServiceStatus,
  type ConflictRecord,
  type OutboxEntry,
} from '@/ui';
import { useRecordResource } from '../data/hooks';
import { TaskActionsPanel } from '../actions/TaskActionsPanel';
import { TOUCH_HEIGHT } from '../constants';
import { statusText } from '../format';
import { SyncBadge } from '../list/SyncBadge';
import { PatientSummary } from './PatientSummary';
import { TaskDetailsTab } from './TaskDetailsTab';
import { TaskNotesTab } from './TaskNotesTab';
import { TaskTimelineTab } from './TaskTimelineTab';

/** Below the 60 px header, with the page's padding. */
const HEADER_OFFSET = 76;

export const TASK_TABS = ['details', 'timeline', 'notes'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

const TAB_LABELS: Record<TaskTab, string> = { details: 'Details', timeline: 'Timeline', notes: 'Notes' };

export function isTaskTab(tab: string): tab is TaskTab {
  return (TASK_TABS as readonly string[]).includes(tab);
}

/** The room the Timeline tab keeps while it is drawn after the page's first frame. */
const TIMELINE_ROOM = 240;

/** From this width (1200 px) the page has a column for the patient summary. */
const THREE_COLUMNS_QUERY = '(min-width: 75em)';

/**
 * /Task/{id}/{tab}: the task's header, its actions and its details come first at every width.
 * - From 1200 px: three columns, the patient summary (width 4), the tabs Details, Timeline, Notes
 *   (width 5) and the Task Actions (width 3).
 * - From 992 px (a landscape tablet): the tabs on the left and the actions in a column of their own
 *   on the right, held in view while the page scrolls; the patient is one line above the tabs that
 *   unfolds the whole summary.
 * - Narrower (a portrait tablet, a phone): one column, the actions first, then the patient's line,
 *   then the tabs.
 */
export function TaskDetailPage({
  id,
  tab,
  timeline: ResourceTimeline,
  fillQuestionnaire: FillQuestionnaire,
}: {
  id: string;
  tab: string;
  /**
   * The timeline of any resource (comment box, uploads, cards), given by the app so this feature does
   * not import the console; the task's own changes on this device follow it.
   */
  timeline?: ComponentType<{ resource: Resource }>;
  /** 'Fill questionnaire' about this task (its patient, based on its requests), given by the app. */
  fillQuestionnaire?: ComponentType<{ resource: Resource }>;
}) {
  const state = useResource<Task>('Task', id);
  const confirmedId = useConfirmedId('Task', id, !state.loading && !state.resource);
  // A row drawn from a first load's first answer may be opened before the replica stores it: the
  // task is awaited while the first run is under way, not reported missing.
  const firstRun = useServiceStatus(inFirstSync);
  // The tabs are the page's largest part: they follow a change in a render of their own, after the
  // one that draws the change in the actions and the header.
  const tabsTask = useDeferredValue(state.resource);
  const server = useSameAnswer(state.record?.server as Task | undefined);
  // The browser's title names the task as people do: what it is and for whom, not its id.
  const patient = useRecordResource<Patient>(state.resource?.for?.reference);
  usePageTitle(
    state.resource
      ? pageTitle(
          formatCodeableConcept(state.resource.code) || 'Task',
          resourceName(patient) || state.resource.for?.display
        )
      : pageTitle(state.loading ? 'Task' : 'No Task found')
  );

  if (state.loading || (!state.resource && !confirmedId && firstRun)) {
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
  return (
    <TaskPage
      task={task}
      tabsTask={tabsTask && tabsTask.id === task.id ? tabsTask : task}
      server={server}
      pending={state.pending}
      conflicts={state.conflicts}
      failures={state.failures}
      current={isTaskTab(tab) ? tab : 'details'}
      timeline={ResourceTimeline}
      fillQuestionnaire={FillQuestionnaire}
    />
  );
}

interface TaskPageProps {
  task: Task;
  /** The task as the tabs draw it: it follows a change in a render after the actions' one. */
  tabsTask: Task;
  server: Task | undefined;
  pending: number;
  conflicts: ConflictRecord[];
  /** Its changes the server refused, each with the server's words. */
  failures: OutboxEntry[];
  current: TaskTab;
  timeline?: ComponentType<{ resource: Resource }>;
  fillQuestionnaire?: ComponentType<{ resource: Resource }>;
}

/**
 * The page of a task the device holds. Its first frame draws what the first screen shows: the
 * header, the Task Actions, the patient's line and the tab list with the Details tab. The patient's
 * whole summary and the Timeline tab follow in a render of their own, in room kept for them, so
 * nothing drawn first moves. Drawn again only when the task, its sync state or the tab changes.
 */
const TaskPage = memo(function TaskPage({
  task,
  tabsTask,
  server,
  pending,
  conflicts,
  failures,
  current,
  timeline,
  fillQuestionnaire,
}: TaskPageProps) {
  // false in the page's first render, true in the one React runs right after it has been drawn.
  const afterFirstFrame = useDeferredValue(true, false);
  const threeColumns = useMediaQuery(THREE_COLUMNS_QUERY, true, { getInitialValueInEffect: false }) ?? true;
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <TaskHeader task={task} pending={pending} fillQuestionnaire={fillQuestionnaire} />
      </Grid.Col>
      {conflicts.map((conflict) => (
        <Grid.Col span={12} key={conflict.seq}>
          <Card withBorder padding="md">
            <ConflictCard conflict={conflict} />
          </Card>
        </Grid.Col>
      ))}
      {failures.map((entry) => (
        <Grid.Col span={12} key={entry.seq}>
          <Card withBorder padding="md">
            <FailureItem entry={entry} />
          </Card>
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, md: 6, lg: 9 }} order={{ base: 2, md: 1 }}>
        <Grid gap="md" columns={9}>
          <Grid.Col span={{ base: 9, lg: 4 }}>
            <PatientSummary patient={task.for} collapsible={!threeColumns} drawn={afterFirstFrame} />
          </Grid.Col>
          <Grid.Col span={{ base: 9, lg: 5 }}>
            <TaskTabs
              task={tabsTask}
              server={server}
              current={current}
              timeline={timeline}
              drawn={afterFirstFrame}
            />
          </Grid.Col>
        </Grid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 3 }} order={{ base: 1, md: 2 }}>
        <Box pos={{ base: 'static', md: 'sticky' }} top={HEADER_OFFSET}>
          <TaskActionsPanel task={task} />
        </Box>
      </Grid.Col>
    </Grid>
  );
});

/** The task's name, status and sync mark; drawn again only when one of them changes. */
const TaskHeader = memo(function TaskHeader({
  task,
  pending,
  fillQuestionnaire: FillQuestionnaire,
}: {
  task: Task;
  pending: number;
  fillQuestionnaire?: ComponentType<{ resource: Resource }>;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <Title order={1}>{formatCodeableConcept(task.code) || 'Task'}</Title>
      <Text size="sm" c="dimmed">
        {statusText(task.status)}
      </Text>
      <SyncBadge pending={pending} size="sm" />
      {FillQuestionnaire && <FillQuestionnaire resource={task} />}
    </Group>
  );
});

/** Details, Timeline and Notes of a task; drawn again only when what it is given changes. */
const TaskTabs = memo(function TaskTabs({
  task,
  server,
  current,
  timeline: ResourceTimeline,
  drawn,
}: {
  task: Task;
  /** The server's version of the task, for the timeline of this device's changes. */
  server: Task | undefined;
  current: TaskTab;
  timeline?: ComponentType<{ resource: Resource }>;
  /** False in the page's first frame: the Timeline (the app's timeline of the resource) waits for the next. */
  drawn: boolean;
}) {
  const navigate = useNavigate();
  const id = task.id ?? '';
  return (
    <Tabs
      value={current}
      onChange={(next) => next && void navigate({ to: '/Task/$id/$tab', params: { id, tab: next } })}
    >
      <Tabs.List mb="sm">
        {TASK_TABS.map((name) => (
          <Tabs.Tab key={name} value={name} mih={TOUCH_HEIGHT}>
            {TAB_LABELS[name]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="details">
        <TaskDetailsTab task={task} />
      </Tabs.Panel>
      <Tabs.Panel value="timeline">
        {drawn ? (
          <Stack gap="lg">
            {ResourceTimeline && current === 'timeline' && <ResourceTimeline resource={task} />}
            <TaskTimelineTab task={task} server={server} />
          </Stack>
        ) : (
          <Box mih={TIMELINE_ROOM} aria-busy />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="notes">
        <TaskNotesTab task={task} />
      </Tabs.Panel>
    </Tabs>
  );
});
