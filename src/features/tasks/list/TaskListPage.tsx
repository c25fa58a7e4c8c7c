import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  bestMatchingLink,
  ListPager,
  pageOffset,
  pageSize,
  pageTitle,
  usePageTitle,
  useProfile,
  useReplicaSearch,
  withOffset,
} from '@/ui';
import { TOUCH_HEIGHT } from '../constants';
import { parseFields, showsStatusTabs, taskSearch } from '../queues/task-query';
import { useMenuQueues } from '../queues/use-menu-queues';
import { useFirstPages, useShownSearch } from './first-page';
import { NewTaskModal } from './LazyNewTaskModal';
import { usePreloadNextSteps } from './next-steps';
import { currentTab, effectiveQuery, withTab, type StatusTab } from './status-tabs';
import { TaskTable } from './TaskTable';

/**
 * /Task: a queue or any filtered list of tasks, its query in the URL. The local query engine answers
 * it from the replica exactly as the server would, and answers again whenever the replica changes.
 * On a first sign-in, the landing page's rows are drawn from the server's first answer meanwhile.
 */
export function TaskListPage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const params = useMemo(() => new URLSearchParams(searchStr), [searchStr]);
  const navigate = useNavigate();
  const { queues } = useMenuQueues();
  const tabsShown = showsStatusTabs(params);
  const query = taskSearch(effectiveQuery(params, tabsShown)).toString();
  // Until the replica holds a first load's first page, the server's answer for this very search.
  const { found, counted, previewed } = useShownSearch(
    query,
    useReplicaSearch('Task', query),
    useFirstPages(),
    useProfile().reference
  );
  const [creating, setCreating] = useState(false);
  const preloaded = usePreloadNextSteps(found.status !== 'loading');

  const title = bestMatchingLink(queues, '/Task', params)?.label ?? 'Tasks';
  usePageTitle(pageTitle(title));
  const fields = parseFields(params);
  const offset = pageOffset(params);
  const count = pageSize(params);

  function open(next: URLSearchParams): void {
    void navigate({ to: '/Task', search: Object.fromEntries(next) });
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
        <Tabs value={currentTab(params)} onChange={(tab) => tab && open(withTab(params, tab as StatusTab))}>
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
      {found.status === 'loading' || found.status === 'not-held' ? (
        <Center py="xl">
          <Loader aria-label="Loading tasks" />
        </Center>
      ) : found.status === 'invalid' ? (
        <Alert color="red" title="This search cannot be run">
          {found.message}
        </Alert>
      ) : found.total === 0 ? (
        <Text c="dimmed" py="md">
          No results
        </Text>
      ) : (
        <>
          <TaskTable records={found.records} held={!previewed} fields={fields} />
          {counted && (
            <ListPager
              offset={offset}
              count={count}
              shown={found.records.length}
              total={found.total}
              onOffset={(next) => open(withOffset(params, next))}
            />
          )}
        </>
      )}
      <NewTaskModal opened={creating} onClose={() => setCreating(false)} load={preloaded} />
    </Stack>
  );
}
