import { useCallback, useState } from 'react';

/** Whether the focus is nowhere (the page body) or still inside a dialog that is going away. */
function focusLeftBehind(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !!active.closest('[role="dialog"]');
}

/**
 * Whether a dialog belongs in the page: from the moment it opens until its closing transition has
 * ended. A closed dialog is left out, not drawn hidden: a screen with several (the task actions)
 * would otherwise draw them all again on every change of what it shows. Pass `onExitTransitionEnd`
 * to the Modal.
 *
 * A dialog closed gives the focus back to what had it when the dialog opened (the button that
 * opened it), as a keyboard user expects. The library's own focus return does not see a dialog
 * that is mounted already open, so the element is remembered here.
 */
export function useMountedWhileOpen(opened: boolean): { mounted: boolean; onExitTransitionEnd: () => void } {
  const [mounted, setMounted] = useState(opened);
  const [returnTo, setReturnTo] = useState<HTMLElement | null>(null);
  if (opened && !mounted) {
    setMounted(true);
    setReturnTo(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }
  const onExitTransitionEnd = useCallback(() => {
    setMounted(false);
    if (returnTo?.isConnected && focusLeftBehind()) returnTo.focus({ preventScroll: true });
  }, [returnTo]);
  return { mounted: mounted || opened, onExitTransitionEnd };
}
