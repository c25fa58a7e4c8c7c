import { Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { TOUCH_HEIGHT } from '../constants';
import { useTaskList } from '../data/hooks';
import { bestMatchingLink } from '../queues/menuQueues';
import { parseFields, showsStatusTabs } from '../queues/taskQuery';
import { useMenuQueues } from '../queues/useMenuQueues';
import { NewTaskModal } from './NewTaskModal';
import { currentTab, effectiveQuery, withTab, type StatusTab } from './statusTabs';
import { TaskTable } from './TaskTable';

const PAGE_SIZE = 50;

/** /Task: a queue or any filtered list of tasks, its query in the URL, read from the replica. */
export function TaskListPage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const params = useMemo(() => new URLSearchParams(searchStr), [searchStr]);
  const navigate = useNavigate();
  const { queues } = useMenuQueues();
  const tabsShown = showsStatusTabs(params);
  const query = effectiveQuery(params, tabsShown).toString();
  const { tasks, loading } = useTaskList(query);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [creating, setCreating] = useState(false);

  const title = bestMatchingLink(queues, '/Task', params)?.label ?? 'Tasks';
  const fields = parseFields(params);

  function openTab(tab: StatusTab): void {
    setShown(PAGE_SIZE);
    void navigate({ to: '/Task', search: Object.fromEntries(withTab(params, tab)) });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{title}</Title>
        <Button mih={TOUCH_HEIGHT} onClick={() => setCreating(true)}>
          New
        </Button>
      </Group>
      {tabsShown && (
        <Tabs value={currentTab(params)} onChange={(tab) => tab && openTab(tab as StatusTab)}>
          <Tabs.List>
            <Tabs.Tab value="active" mih={TOUCH_HEIGHT}>
              Active
            </Tabs.Tab>
            <Tabs.Tab value="completed" mih={TOUCH_HEIGHT}>
              Completed
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
      {loading ? (
        <Center py="xl">
          <Loader aria-label="Loading tasks" />
        </Center>
      ) : tasks.length === 0 ? (
        <Text c="dimmed" py="md">
          No tasks
        </Text>
      ) : (
        <>
          <TaskTable records={tasks.slice(0, shown)} fields={fields} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {Math.min(shown, tasks.length)} of {tasks.length} tasks
            </Text>
            {shown < tasks.length && (
              <Button variant="default" mih={TOUCH_HEIGHT} onClick={() => setShown(shown + PAGE_SIZE)}>
                Show more
              </Button>
            )}
          </Group>
        </>
      )}
      <NewTaskModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
