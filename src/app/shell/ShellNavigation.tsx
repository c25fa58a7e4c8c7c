import { Button, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { memo, useCallback, useState, type MouseEvent } from 'react';
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
  const closeBookmark = useCallback(() => setBookmarking(false), []);
  const groups: MenuGroup[] = [
    ...useTaskMenuGroups(),
    ...configMenuGroups(session.status === 'ready' ? session.details.config : undefined),
  ];
  const active = bestMatchingLink(
    groups.flatMap((group) => group.links),
    location.pathname,
    new URLSearchParams(location.searchStr)
  );

  const follow = useCallback(
    (event: MouseEvent, href: string) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      router.history.push(href);
      onNavigate();
    },
    [router, onNavigate]
  );

  const link = (item: MenuLink, index: number) => {
    const href = linkHref(item);
    return (
      <MenuItem
        key={`${index}:${href}`}
        href={href}
        label={item.label}
        active={active === item}
        onFollow={follow}
      />
    );
  };

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap={4} p="xs" component="nav" aria-label="Main">
        <MemoResourceTypePicker onNavigate={onNavigate} />
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
      <MemoBookmarkDialog opened={bookmarking} onClose={closeBookmark} />
    </ScrollArea>
  );
}

interface MenuItemProps {
  href: string;
  label: string;
  active: boolean;
  onFollow(event: MouseEvent, href: string): void;
}

/**
 * One link of the navigation. The navigation is drawn again on every change of location (to move
 * its active mark); a link whose label and mark stay is not.
 */
const MenuItem = memo(function MenuItem({ href, label, active, onFollow }: MenuItemProps) {
  return (
    <NavLink
      component="a"
      href={href}
      label={label}
      active={active}
      onClick={(event: MouseEvent) => onFollow(event, href)}
      mih={44}
      aria-current={active ? 'page' : undefined}
    />
  );
});

// Neither depends on the location: a change of location does not draw them again.
const MemoResourceTypePicker = memo(ResourceTypePicker);
const MemoBookmarkDialog = memo(BookmarkDialog);
