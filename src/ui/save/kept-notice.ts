import { notifications } from '@mantine/notifications';
import type { SaveResult } from './use-save';

/** The words of a change this device holds and the server does not have yet. */
export const KEPT_MESSAGE = 'Kept on this device, will be sent';

/**
 * Tells the user a change is done on this device only (offline, or the server slow to answer): a
 * blue toast that names it and says it will be sent, never that it is saved. Says nothing of a
 * change the server already has, or of a save that stored nothing.
 */
export function noticeIfKept(result: SaveResult, done: string): void {
  if (!result.ok || !result.applied || result.delivery !== 'kept') return;
  notifications.show({ color: 'blue', title: KEPT_MESSAGE, message: done });
}
