import {
  Avatar,
  Group,
  Menu,
  SegmentedControl,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useUnsyncedCount } from '@/ui';
import { profileName } from '@/app/profile-name';
import { useServices, useSession } from '@/app/services';
import { SignOutWarning } from './SignOutWarning';
import { StorageUsage } from './StorageUsage';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The colour schemes a user may choose; Mantine remembers the choice on the device. */
const THEME_CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto' },
];

/** The signed-in user, with account actions and the theme. */
export function UserMenu() {
  const { client, replica, accounts } = useServices();
  const session = useSession();
  const navigate = useNavigate();
  const unsynced = useUnsyncedCount() ?? 0;
  const [warning, setWarning] = useState(false);
  const [opened, setOpened] = useState(false);
  const name = profileName(session);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const profile = session.status === 'ready' ? session.details.profile : undefined;

  /** Ends the session on the server, then removes the replica, outbox, cached schema and tokens. */
  async function signOut(): Promise<void> {
    setWarning(false);
    await client.signOut();
    await replica.service.signOut().catch((error: unknown) => console.error(error));
    accounts?.signedOut();
    await navigate({ to: '/signin' });
  }

  /**
   * Another account opens its own replica (and sync worker): the page starts again on it, this
   * account staying signed in for a later switch back.
   */
  function addAccount(): void {
    if (!accounts) {
      void navigate({ to: '/signin' });
      return;
    }
    accounts.add();
    window.location.assign('/signin');
  }

  function switchTo(database: string): void {
    accounts?.switchTo(database);
    window.location.assign('/Task');
  }

  function askToSignOut(): void {
    if (unsynced > 0) setWarning(true);
    else void signOut();
  }

  return (
    <>
      {/* The header holds the menu's button on every screen, so an open menu is never hidden for a
          button gone from view (a check that, without layout, would hide it on measuring nothing). */}
      <Menu
        position="bottom-end"
        width={260}
        shadow="md"
        opened={opened}
        onChange={setOpened}
        hideDetached={false}
      >
        <Menu.Target>
          <UnstyledButton px="xs" style={{ minHeight: 44, borderRadius: 4 }}>
            {/* Named 'User menu' and the name shown beside the initials (which are decoration). */}
            <VisuallyHidden>User menu </VisuallyHidden>
            <Group gap="xs" wrap="nowrap">
              <Avatar radius="xl" size="sm" color="blue" aria-hidden>
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
          {accounts?.others().map((account) => (
            <Menu.Item
              key={account.database}
              style={{ minHeight: 44 }}
              onClick={() => switchTo(account.database)}
              aria-label={`Switch to ${account.label ?? ''}`}
            >
              <Text size="sm">{account.label}</Text>
              {account.project && (
                <Text size="xs" c="dimmed">
                  {account.project}
                </Text>
              )}
            </Menu.Item>
          ))}
          <Menu.Item style={{ minHeight: 44 }} onClick={addAccount}>
            Add another account
          </Menu.Item>
          {import.meta.env.DEV && (
            <Menu.Item style={{ minHeight: 44 }} onClick={() => void navigate({ to: '/mailbox' })}>
              Developer mailbox
            </Menu.Item>
          )}
          {profile?.id && (
            <Menu.Item
              style={{ minHeight: 44 }}
              onClick={() =>
                void navigate({
                  to: '/$resourceType/$id',
                  params: { resourceType: profile.resourceType, id: profile.id ?? '' },
                })
              }
            >
              Account settings
            </Menu.Item>
          )}
          <Menu.Item style={{ minHeight: 44 }} onClick={askToSignOut}>
            Sign out
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>Theme</Menu.Label>
          <SegmentedControl
            aria-label="Theme"
            fullWidth
            mx="xs"
            mb="xs"
            value={colorScheme}
            onChange={(value) => setColorScheme(value as MantineColorScheme)}
            data={THEME_CHOICES}
          />
          <Menu.Divider />
          <StorageUsage opened={opened} />
        </Menu.Dropdown>
      </Menu>
      <SignOutWarning
        opened={warning}
        unsynced={unsynced}
        onCancel={() => setWarning(false)}
        onConfirm={() => void signOut()}
      />
    </>
  );
}
