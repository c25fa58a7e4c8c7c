import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useSyncStatus } from '../hooks/useSyncStatus';

const NOTICE_ID = 'no-connection';

/** The persistent red notice 'No connection to server' while the client is offline (spec console §8). */
export function OfflineNotice() {
  const { online } = useSyncStatus();
  useEffect(() => {
    if (online) {
      notifications.hide(NOTICE_ID);
      return;
    }
    notifications.show({
      id: NOTICE_ID,
      color: 'red',
      message: 'No connection to server',
      autoClose: false,
      withCloseButton: false,
    });
  }, [online]);
  useEffect(
    () => () => {
      notifications.hide(NOTICE_ID);
    },
    []
  );
  return null;
}
