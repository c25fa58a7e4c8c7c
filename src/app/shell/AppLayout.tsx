import { AppShell, Box, Group, LoadingOverlay, Text, UnstyledButton } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { ChangeOutcomeWatcher, useShellLoading } from '@/features/tasks';
import { OfflineNotice, SyncStatusIndicator } from '@/ui';
import { usePersistentStorageRequest } from '@/app/persistent-storage';
import { GlobalSearch } from './GlobalSearch';
import { ShellNavigation } from './ShellNavigation';
import { useNavbar } from './use-navbar';
import { UserMenu } from './UserMenu';

export const HEADER_HEIGHT = 60;
export const NAVBAR_WIDTH = 250;

/**
 * The signed-in frame: a 60 px header (the logo, which opens and closes the side navigation; the
 * global search; the sync status; the user menu), the 250 px side navigation (its open state
 * remembered on the device; under 768 px folded away and closed after a link is followed), and a
 * loading overlay while the user or her queues load. A page that throws shows its error inside.
 */
export function AppLayout() {
  usePersistentStorageRequest();
  const navbar = useNavbar();
  const loading = useShellLoading();
  // The page's content comes first: the side navigation, the search and the user menu are drawn in
  // a render of their own right after (interruptible), so a sign-in's first rows do not wait for them.
  const full = useDeferredValue(true, false);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: NAVBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !navbar.mobileOpen, desktop: !navbar.desktopOpen },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton
            onClick={navbar.toggle}
            aria-label="CareQueue: Toggle navigation"
            aria-expanded={navbar.open}
            mih={44}
            px={4}
          >
            <Text fw={700} size="lg" c="blue">
              CareQueue
            </Text>
          </UnstyledButton>
          {full ? <GlobalSearch /> : <Box w={280} visibleFrom="sm" />}
          <Group gap="md" wrap="nowrap">
            <SyncStatusIndicator />
            {full && <UserMenu />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>{full && <ShellNavigation onNavigate={navbar.linkFollowed} />}</AppShell.Navbar>
      <AppShell.Main pos="relative">
        <LoadingOverlay visible={loading} zIndex={100} />
        <OfflineNotice />
        <Outlet />
      </AppShell.Main>
      <ChangeOutcomeWatcher />
    </AppShell>
  );
}
