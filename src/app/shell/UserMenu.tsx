import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { profileName } from '../profileName';
import { useServices, useSession } from '../services';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The signed-in user, with account actions. */
export function UserMenu() {
  const { client } = useServices();
  const session = useSession();
  const navigate = useNavigate();
  const name = profileName(session);

  async function signOut(): Promise<void> {
    await client.signOut();
    await navigate({ to: '/signin' });
  }

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="User menu" px="xs" style={{ minHeight: 44, borderRadius: 4 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="blue">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="xs">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item style={{ minHeight: 44 }} onClick={() => void navigate({ to: '/signin' })}>
          Add another account
        </Menu.Item>
        <Menu.Item style={{ minHeight: 44 }} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
