import { AppShell, Burger, Group, LoadingOverlay, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { TaskNavigation, useShellLoading } from '@/features/tasks';
import { OfflineNotice, SyncStatusIndicator } from '@/ui';
import { usePersistentStorageRequest } from '../persistent-storage';
import { UserMenu } from './UserMenu';

export const HEADER_HEIGHT = 60;
export const NAVBAR_WIDTH = 250;

/**
 * The signed-in frame: a header with the app name, the sync status (connection, changes waiting,
 * conflicts) and the user menu; the side menu (250 px; under 768 px it folds away behind a burger
 * and closes after a link is followed); a loading overlay while the user or her queues load.
 */
export function AppLayout() {
  usePersistentStorageRequest();
  const [menuOpened, menu] = useDisclosure(false);
  const loading = useShellLoading();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle menu"
              miw={44}
              mih={44}
            />
            <Text
              component={Link}
              to="/Task"
              fw={700}
              size="lg"
              c="blue.7"
              style={{ textDecoration: 'none' }}
            >
              CareQueue
            </Text>
          </Group>
          <TextInput placeholder="Search" aria-label="Search" disabled visibleFrom="md" w={240} />
          <Group gap="md" wrap="nowrap">
            <SyncStatusIndicator />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <TaskNavigation onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main pos="relative">
        <LoadingOverlay visible={loading} zIndex={100} />
        <OfflineNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
