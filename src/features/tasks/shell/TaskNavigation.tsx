import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { ChangeOutcomeWatcher } from '../commands/ChangeOutcomeWatcher';
import { TOUCH_HEIGHT } from '../constants';
import { bestMatchingLink, queueHref, type MenuQueue } from '../queues/menu-queues';
import { useMenuQueues } from '../queues/use-menu-queues';
import { UPLOAD_LINKS } from './upload-links';

interface TaskNavigationProps {
  /** Called after a link was followed (the shell closes the menu on narrow screens). */
  onNavigate?: () => void;
}

/** The side menu: the Tasks group (My Tasks, role queues, state queues, All Tasks) and Upload Data. */
export function TaskNavigation({ onNavigate }: TaskNavigationProps) {
  const router = useRouter();
  const location = useRouterState({ select: (state) => state.location });
  const { queues } = useMenuQueues();
  const params = new URLSearchParams(location.searchStr);
  const active = bestMatchingLink([...queues, ...UPLOAD_LINKS], location.pathname, params);

  const follow = (href: string) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    router.history.push(href);
    onNavigate?.();
  };

  const link = (item: MenuQueue | (typeof UPLOAD_LINKS)[number]) => {
    const href = queueHref({ label: item.label, pathname: item.pathname, search: item.search });
    return (
      <NavLink
        key={item.label}
        component="a"
        href={href}
        label={item.label}
        active={active === item}
        onClick={follow(href)}
        mih={TOUCH_HEIGHT}
        aria-current={active === item ? 'page' : undefined}
      />
    );
  };

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap={4} p="xs" component="nav" aria-label="Main">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs">
          Tasks
        </Text>
        {queues.map(link)}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md">
          Upload Data
        </Text>
        {UPLOAD_LINKS.map(link)}
      </Stack>
      <ChangeOutcomeWatcher />
    </ScrollArea>
  );
}
