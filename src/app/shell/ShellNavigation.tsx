import { Button, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { useTaskMenuGroups } from '@/features/tasks';
import { bestMatchingLink, linkHref, type MenuGroup, type MenuLink } from '@/ui';
import { useSession } from '@/app/services';
import { BookmarkDialog } from './BookmarkDialog';
import { configMenuGroups } from './bookmarks';
import { ResourceTypePicker } from './ResourceTypePicker';

interface ShellNavigationProps {
  /** Called after a link was followed (the shell closes the navigation on small screens). */
  onNavigate: () => void;
}

/**
 * The side navigation: the resource-type picker, the task app's groups, the user's own menus
 * (bookmarks, from their configuration on the server) and Add Bookmark. One link is active: the one
 * whose path and query best match the location.
 */
export function ShellNavigation({ onNavigate }: ShellNavigationProps) {
  const router = useRouter();
  const location = useRouterState({ select: (state) => state.location });
  const session = useSession();
  const [bookmarking, setBookmarking] = useState(false);
  const groups: MenuGroup[] = [
    ...useTaskMenuGroups(),
    ...configMenuGroups(session.status === 'ready' ? session.details.config : undefined),
  ];
  const active = bestMatchingLink(
    groups.flatMap((group) => group.links),
    location.pathname,
    new URLSearchParams(location.searchStr)
  );

  const follow = (href: string) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    router.history.push(href);
    onNavigate();
  };

  const link = (item: MenuLink, index: number) => {
    const href = linkHref(item);
    return (
      <NavLink
        key={`${index}:${href}`}
        component="a"
        href={href}
        label={item.label}
        active={active === item}
        onClick={follow(href)}
        mih={44}
        aria-current={active === item ? 'page' : undefined}
      />
    );
  };

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap={4} p="xs" component="nav" aria-label="Main">
        <ResourceTypePicker onNavigate={onNavigate} />
        {groups.map((group, index) => (
          <Stack gap={4} key={`${index}:${group.title}`} role="group" aria-label={group.title}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md">
              {group.title}
            </Text>
            {group.links.map(link)}
          </Stack>
        ))}
        <Button variant="subtle" mt="md" mih={44} onClick={() => setBookmarking(true)}>
          Add Bookmark
        </Button>
      </Stack>
      <BookmarkDialog opened={bookmarking} onClose={() => setBookmarking(false)} />
    </ScrollArea>
  );
}
