import { Menu, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  APP_VERSION,
  describePersistence,
  describeUsage,
  readStorageInfo,
  type StorageInfo,
} from '@/app/pwa';

/**
 * The user menu's device section: how much this app stores (navigator.storage.estimate()), whether
 * the browser keeps it under storage pressure (navigator.storage.persisted()), and the app version.
 * Read each time the menu opens (`opened`).
 */
export function StorageUsage({ opened }: { opened: boolean }) {
  const [info, setInfo] = useState<StorageInfo | undefined>(undefined);
  useEffect(() => {
    if (!opened) return;
    let current = true;
    void readStorageInfo().then((read) => current && setInfo(read));
    return () => {
      current = false;
    };
  }, [opened]);
  return (
    <>
      <Menu.Label>This device</Menu.Label>
      <Stack gap={2} px="sm" pb="xs" aria-label="Storage on this device" role="group">
        <Text size="sm">{info ? describeUsage(info) : 'Reading storage use…'}</Text>
        {info && (
          <Text size="xs" c="dimmed">
            {describePersistence(info)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Version {APP_VERSION}
        </Text>
      </Stack>
    </>
  );
}
