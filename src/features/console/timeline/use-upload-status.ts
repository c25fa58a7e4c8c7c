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
  // Every status update carries the upload again (a new copy each time): one failure is one notice,
  // until the upload is tried again (a status without an error) and fails anew.
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!mine) return;
    if (!mine.error) {
      shown.current = undefined;
      return;
    }
    const failure = `${mine.key} ${mine.error}`;
    if (shown.current === failure) return;
    shown.current = failure;
    notifications.show({
      color: 'red',
      title: 'Upload failed',
      message: mine.error,
      autoClose: UPLOAD_NOTICE_MS,
    });
  }, [mine]);
  return mine;
}
