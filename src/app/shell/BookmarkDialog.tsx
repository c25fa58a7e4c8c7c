import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { FormModal } from '@/ui';
import { useServices, useSession } from '@/app/services';
import { bookmarkMenuTitles, saveUserConfiguration, withBookmark } from './bookmarks';

interface BookmarkDialogProps {
  opened: boolean;
  onClose: () => void;
}

const INPUT_STYLES = { input: { minHeight: 44 } } as const;

/**
 * Add Bookmark: saves the current path and query as a link in a chosen menu of the user's
 * configuration on the server (menu and name both required); green 'Success' or the server's words.
 */
export function BookmarkDialog({ opened, onClose }: BookmarkDialogProps) {
  const { client } = useServices();
  const session = useSession();
  const location = useRouterState({ select: (state) => state.location });
  const config = session.status === 'ready' ? session.details.config : undefined;
  const [menu, setMenu] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  function close(): void {
    setMenu(null);
    setName('');
    onClose();
  }

  async function save(): Promise<void> {
    if (!menu || !name.trim()) return;
    setBusy(true);
    try {
      const target = `${location.pathname}${location.searchStr}`;
      await saveUserConfiguration(client, withBookmark(config, menu, name.trim(), target));
      notifications.show({ color: 'green', message: 'Success' });
      close();
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormModal
      opened={opened}
      title="Add Bookmark"
      submitLabel="OK"
      canSubmit={Boolean(menu) && name.trim() !== ''}
      busy={busy}
      onSubmit={() => void save()}
      onClose={close}
    >
      <Select
        label="Select menu option"
        placeholder="Menu"
        data={bookmarkMenuTitles(config)}
        value={menu}
        onChange={setMenu}
        required
        styles={INPUT_STYLES}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Bookmark Name"
        placeholder="Bookmark Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        required
        styles={INPUT_STYLES}
      />
    </FormModal>
  );
}
