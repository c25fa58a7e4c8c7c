import { notifications } from '@mantine/notifications';

export const KEPT_TEXT = 'Your input is kept as a draft on this device.';

/**
 * A dialog closed (its X, Escape, a click outside) with unsaved input keeps it as a draft and says
 * so; only Cancel or Discard drop it.
 */
export function announceKeptDraft(): void {
  notifications.show({ message: KEPT_TEXT, autoClose: 4000 });
}
