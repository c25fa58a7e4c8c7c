import { AppShell, Group, Text } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { UserMenu } from './UserMenu';

export const HEADER_HEIGHT = 60;

/** The signed-in frame: a header with the app name and the user menu. The side menu comes later. */
export function AppLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text component={Link} to="/Task" fw={700} size="lg" c="blue.7" style={{ textDecoration: 'none' }}>
            CareQueue
          </Text>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
