import { useCallback, useState } from 'react';

/**
 * Whether a dialog belongs in the page: from the moment it opens until its closing transition has
 * ended. A closed dialog is left out, not drawn hidden: a screen with several (the task actions)
 * would otherwise draw them all again on every change of what it shows. Pass `onExitTransitionEnd`
 * to the Modal.
 */
export function useMountedWhileOpen(opened: boolean): { mounted: boolean; onExitTransitionEnd: () => void } {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  const onExitTransitionEnd = useCallback(() => setMounted(false), []);
  return { mounted: mounted || opened, onExitTransitionEnd };
}
