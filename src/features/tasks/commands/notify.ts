import { notifications } from '@mantine/notifications';
import { CONFLICT_MESSAGE, noticeIfKept, outcomeText, type AppliedChange, type SaveResult } from '@/ui';
import { watchedChanges } from './watched-changes';

/** The product's words for a version conflict: 'Another user modified the task.' */
export const CONFLICT_TEXT = CONFLICT_MESSAGE;

export function showSuccess(message: string): void {
  notifications.show({ color: 'green', title: 'Success', message });
}

/** A red toast titled 'Error' with the server's or engine's words. */
export function showError(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message, autoClose: 8000 });
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong';
}

/**
 * Tells the user how a task save ended: the error toast with its words; or, once the change is on
 * this device, the success toast, and the change watched until the server's verdict
 * (ChangeOutcomeWatcher). Gives the applied change, or undefined when none was stored.
 */
export function announceSave(result: SaveResult, label: string, success: string): AppliedChange | undefined {
  if (!result.ok) {
    showError(outcomeText(result.outcome));
    return undefined;
  }
  if (!result.applied) return undefined;
  watchedChanges.add(result.applied.seq, label);
  // A task action does not wait for the server: offline, its toast says the change is kept here.
  const kept = result.delivery === 'kept' || (result.delivery === undefined && !navigatorOnline());
  if (kept) noticeIfKept({ ...result, delivery: 'kept' }, success);
  else showSuccess(success);
  return result.applied;
}

function navigatorOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}
