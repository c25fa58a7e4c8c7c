import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useReplicaContext } from '@/ui';

/** How long an upload's failure notice stays. */
export const UPLOAD_NOTICE_MS = 2000;

export interface UploadView {
  key: string;
  loaded: number;
  total: number;
  done?: boolean;
  error?: string;
}

/**
 * The upload the sync engine runs now or tried last, from the sync status; a failure of an upload
 * of this timeline ('Request aborted', 'Request error', or the server's words) shows as a red
 * notice that closes after 2 s.
 */
export function useUploadStatus(keys: ReadonlySet<string>): UploadView | undefined {
  const { statusStore } = useReplicaContext();
  const status = useSyncExternalStore(
    statusStore.subscribe,
    statusStore.getSnapshot,
    statusStore.getSnapshot
  );
  const upload = (status as { upload?: UploadView }).upload;
  const mine = upload && keys.has(upload.key) ? upload : undefined;
  const shown = useRef<UploadView | undefined>(undefined);
  useEffect(() => {
    if (!mine?.error || shown.current === mine) return;
    shown.current = mine;
    notifications.show({
      color: 'red',
      title: 'Upload failed',
      message: mine.error,
      autoClose: UPLOAD_NOTICE_MS,
    });
  }, [mine]);
  return mine;
}
