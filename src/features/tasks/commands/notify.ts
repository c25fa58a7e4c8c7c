import { notifications } from '@mantine/notifications';
import { CONFLICT_MESSAGE } from '@/ui';

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
